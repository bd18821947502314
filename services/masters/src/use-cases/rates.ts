import { isIsoDate, isReferenceCode, isUuid, operatorDate, rateCardMaster } from '@fleet/domain';
import { type Caller, type FieldViolation, invalid, requireTenant } from '@fleet/platform';
import { getRecord, type StoredRecord } from '../storage/master-store';
import { type LadderQuery, type RateQuery, rateCardInForce, rateLadder } from '../storage/rate-card-store';
import type { MastersDeps } from './deps';

/** The rate card in force for a duty: what billing charges and channels quote from. */
export function createRates(deps: MastersDeps) {
  return {
    async resolve(
      callerInput: Caller,
      query: Partial<RateQuery>,
    ): Promise<StoredRecord<typeof rateCardMaster> | undefined> {
      const caller = requireTenant(callerInput);
      const problems: FieldViolation[] = [];
      const need = (ok: boolean, field: string, message: string) => ok || problems.push({ field, message });
      need(
        query.party === 'CUSTOMER' || query.party === 'SUPPLIER',
        'party',
        'Say whether this is a customer or a supplier rate.',
      );
      need(query.party !== 'CUSTOMER' || isUuid(query.customerId), 'customerId', 'Name the customer.');
      need(query.party !== 'SUPPLIER' || isUuid(query.supplierId), 'supplierId', 'Name the supplier.');
      need(!query.customerId || isUuid(query.customerId), 'customerId', 'This is not a customer id.');
      need(isUuid(query.dutyTypeId), 'dutyTypeId', 'Name the duty type.');
      need(isUuid(query.vehicleGroupId), 'vehicleGroupId', 'Name the vehicle group.');
      need(!query.cityId || isReferenceCode(query.cityId), 'cityId', 'This is not a city id.');
      need(
        typeof query.date === 'string' && isIsoDate(query.date),
        'date',
        'Give the duty date as YYYY-MM-DD.',
      );
      const { party, dutyTypeId, vehicleGroupId, date } = query;
      if (problems.length || !party || !dutyTypeId || !vehicleGroupId || !date) {
        throw invalid(problems[0]?.message ?? 'Name the duty to resolve a rate for.', problems);
      }
      const inForce: RateQuery = { ...query, party, dutyTypeId, vehicleGroupId, date };
      return deps.db.read(caller.tenantId, async (tx) => {
        const id = await rateCardInForce(tx, inForce);
        return id ? getRecord(tx, rateCardMaster, id, operatorDate(deps.clock())) : undefined;
      });
    },

    /** The rungs a card's duty may switch to when it closes, lowest first (rateLadder). */
    async ladder(
      callerInput: Caller,
      query: Partial<LadderQuery>,
    ): Promise<StoredRecord<typeof rateCardMaster>[]> {
      const caller = requireTenant(callerInput);
      const problems: FieldViolation[] = [];
      const need = (ok: boolean, field: string, message: string) => ok || problems.push({ field, message });
      need(isUuid(query.rateCardId), 'rateCardId', 'Name the rate card.');
      need(!query.customerId || isUuid(query.customerId), 'customerId', 'This is not a customer id.');
      need(!query.cityId || isReferenceCode(query.cityId), 'cityId', 'This is not a city id.');
      need(
        typeof query.date === 'string' && isIsoDate(query.date),
        'date',
        'Give the duty date as YYYY-MM-DD.',
      );
      const { rateCardId, date } = query;
      if (problems.length || !rateCardId || !date) {
        throw invalid(problems[0]?.message ?? 'Name the rate card and the duty date.', problems);
      }
      const today = operatorDate(deps.clock());
      return deps.db.read(caller.tenantId, async (tx) => {
        const ids = await rateLadder(tx, { ...query, rateCardId, date });
        const cards: StoredRecord<typeof rateCardMaster>[] = [];
        for (const id of ids) {
          const card = await getRecord(tx, rateCardMaster, id, today);
          if (card) cards.push(card);
        }
        return cards;
      });
    },
  };
}
