// Petty cash entries, boxes and holdings as their proto messages.
import { create } from '@bufbuild/protobuf';
import { timestampFromDate } from '@bufbuild/protobuf/wkt';
import {
  type PettyCashEntry,
  PettyCashEntrySchema,
  type PettyCashHolding,
  PettyCashHoldingSchema,
} from '@fleet/proto/fleet/billing/v1/petty_cash_pb';
import Decimal from 'decimal.js';
import type { HoldingRow, PettyCashRow } from './storage/petty-cash-store';

const stamp = (at: string | Date | null) => (at ? timestampFromDate(new Date(at)) : undefined);
const money = (value: string) => new Decimal(value).toFixed(2);

export function pettyCashToProto(row: PettyCashRow): PettyCashEntry {
  return create(PettyCashEntrySchema, {
    id: row.id,
    companyId: row.companyId,
    voucherNo: row.voucherNo,
    financialYear: row.financialYear,
    entryDate: row.entryDate,
    kind: row.kind,
    amount: money(row.amount),
    category: row.category,
    personKey: row.personKey,
    personName: row.personName,
    personPhone: row.personPhone,
    personEmail: row.personEmail,
    driverId: row.driverId ?? '',
    bookingNo: row.bookingNo,
    vehicleNo: row.vehicleNo,
    paymentMode: row.paymentMode,
    notes: row.notes,
    isVoided: row.isVoided,
    voidReason: row.voidReason,
    voidedAt: stamp(row.voidedAt),
    lastSentAt: stamp(row.lastSentAt),
    version: row.version,
    createdAt: stamp(row.createdAt),
    recordedByUserId: row.recordedByUserId ?? '',
  });
}

export function holdingToProto(row: HoldingRow): PettyCashHolding {
  return create(PettyCashHoldingSchema, { ...row, driverId: row.driverId ?? '', held: money(row.held) });
}
