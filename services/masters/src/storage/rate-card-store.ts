// The rate card in force: the SQL ResolveRate runs over masters.rate_cards (declared as the rate_card
// master). A card for the duty's own city beats one for every city; for suppliers, a card limited to
// the duty's customer beats one for all customers; among equals the latest contract start wins.
import { rows, type Tx } from '@fleet/platform';
import { sql } from 'drizzle-orm';
import { SCHEMA } from './migrations';

export interface RateQuery {
  party: 'CUSTOMER' | 'SUPPLIER';
  customerId?: string;
  supplierId?: string;
  dutyTypeId: string;
  cityId?: string;
  vehicleGroupId: string;
  date: string;
}

export async function rateCardInForce(tx: Tx, q: RateQuery): Promise<string | undefined> {
  const party =
    q.party === 'CUSTOMER'
      ? sql`r.customer_id = ${q.customerId}::uuid`
      : sql`r.supplier_id = ${q.supplierId}::uuid and (r.customer_id is null ${q.customerId ? sql`or r.customer_id = ${q.customerId}::uuid` : sql``})`;
  const [found] = await rows<{ id: string }>(
    tx,
    sql`select r.id from ${sql.raw(SCHEMA)}.rate_cards r
      where r.is_active and r.party = ${q.party} and ${party}
        and r.duty_type_id = ${q.dutyTypeId}::uuid and r.vehicle_group_id = ${q.vehicleGroupId}::uuid
        and (r.city_id is null ${q.cityId ? sql`or r.city_id = ${q.cityId}` : sql``})
        and ${q.date}::date between r.contract_start and r.contract_end
      order by (r.city_id is null), (r.customer_id is null), r.contract_start desc, r.created_at desc
      limit 1`,
  );
  return found?.id;
}
