// The answers one gateway shares among an operator's readers of a moment, a set per report: the live map,
// and the heavy reports that read every open document (receivables, payables, TDS, mileage). Each is at
// most a second old; the key each procedure builds holds the operator and every filter of the question.
import { createSharedAnswers, type SharedAnswers } from './live/shared-answers';
import type { MileageJson } from './routers/fuel-log/mappers';
import type { ReceivablesJson, TdsReceivableJson } from './routers/receipt/mappers';
import type { PayablesJson } from './routers/supplier-payment/mappers';
import type { LivePositionJson } from './routers/tracking/mappers';

export interface SharedReports {
  liveMap: SharedAnswers<LivePositionJson[]>;
  receivables: SharedAnswers<ReceivablesJson>;
  tds: SharedAnswers<TdsReceivableJson>;
  payables: SharedAnswers<PayablesJson>;
  mileage: SharedAnswers<MileageJson>;
}

export function createSharedReports(options: { ttlMs: number; capacity: number }): SharedReports {
  return {
    liveMap: createSharedAnswers(options),
    receivables: createSharedAnswers(options),
    tds: createSharedAnswers(options),
    payables: createSharedAnswers(options),
    mileage: createSharedAnswers(options),
  };
}
