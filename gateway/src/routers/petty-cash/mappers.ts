import type { PettyCashEntry, PettyCashHolding } from '@fleet/proto/fleet/billing/v1/petty_cash_pb';
import Decimal from 'decimal.js';
import { dateOrNull, textOrNull } from '../shared-mappers';

const money = (value: string) => new Decimal(value || 0);

export function entryToJson(entry: PettyCashEntry) {
  return {
    id: entry.id,
    companyId: entry.companyId,
    voucherNo: entry.voucherNo,
    entryDate: entry.entryDate,
    kind: entry.kind,
    amount: money(entry.amount),
    category: entry.category,
    personKey: entry.personKey,
    personName: entry.personName,
    personPhone: textOrNull(entry.personPhone),
    personEmail: textOrNull(entry.personEmail),
    driverId: textOrNull(entry.driverId),
    bookingNo: entry.bookingNo,
    vehicleNo: entry.vehicleNo,
    paymentMode: entry.paymentMode,
    notes: entry.notes,
    isVoided: entry.isVoided,
    voidReason: textOrNull(entry.voidReason),
    voidedAt: dateOrNull(entry.voidedAt),
    lastSentAt: dateOrNull(entry.lastSentAt),
    version: entry.version,
    createdAt: dateOrNull(entry.createdAt),
    recordedByUserId: textOrNull(entry.recordedByUserId),
  };
}

export function holdingToJson(holding: PettyCashHolding) {
  return {
    companyId: holding.companyId,
    personKey: holding.personKey,
    personName: holding.personName,
    personPhone: textOrNull(holding.personPhone),
    personEmail: textOrNull(holding.personEmail),
    driverId: textOrNull(holding.driverId),
    held: money(holding.held),
  };
}
