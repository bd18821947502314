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

export interface LadderQuery {
  rateCardId: string;
  customerId?: string;
  cityId?: string;
  date: string;
}

/**
 * The rungs of a card's slab-switching ladder (slab-ladder.ts in the domain): the active cards of the
 * same party, customer (or supplier, limited to the duty's customer or to none), vehicle group and
 * switch-path family, in force on the date in the city — for each rung the one ResolveRate's order
 * prefers. None when the card does not switch.
 */
export async function rateLadder(tx: Tx, q: LadderQuery): Promise<string[]> {
  const found = await rows<{ id: string }>(
    tx,
    sql`with booked as (
          select b.*, substring(b.switch_path_group from '^(TIME_KM|TIME|KM)[1-3]$') as family
          from ${sql.raw(SCHEMA)}.rate_cards b where b.id = ${q.rateCardId}::uuid
        )
        select distinct on (r.switch_path_group) r.id
        from booked b join ${sql.raw(SCHEMA)}.rate_cards r
          on r.party = b.party and r.vehicle_group_id = b.vehicle_group_id
          and case when b.party = 'CUSTOMER' then r.customer_id = b.customer_id
            else r.supplier_id = b.supplier_id
              and (r.customer_id is null ${q.customerId ? sql`or r.customer_id = ${q.customerId}::uuid` : sql``})
          end
        where b.family is not null and r.is_active
          and r.switch_path_group ~ ('^' || b.family || '[1-3]$')
          and (r.city_id is null ${q.cityId ? sql`or r.city_id = ${q.cityId}` : sql``})
          and ${q.date}::date between r.contract_start and r.contract_end
        order by r.switch_path_group, (r.city_id is null), (r.customer_id is null), r.contract_start desc,
          r.created_at desc`,
  );
  return found.map((r) => r.id);
}
