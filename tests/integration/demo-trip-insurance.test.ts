// The demo's trip insurance, seeded with its month of duties through the bookings service's own API: two
// duties carry a policy — one three weeks back, one ahead of today — and the one that closed reaches
// billing with its insurance, so its invoice bills the premium.
import { randomUUID } from 'node:crypto';
import { allPermissionIds } from '@fleet/domain';
import { rows } from '@fleet/platform';
import { eventually } from '@fleet/testing';
import { sql } from 'drizzle-orm';
import { seedDemoBookings } from '../../product/src/demo/seed-bookings';
import { seedDemoMasters } from '../../product/src/demo/seed-masters';
import { type BillingHarness, bootBilling } from '../../services/billing/test/support';

const TODAY = '2026-11-24';
let h: BillingHarness;
const T = randomUUID();

beforeAll(async () => {
  h = await bootBilling({ clock: () => new Date('2026-11-24T06:30:00Z') });
}, 60_000);
afterAll(() => h?.close());

it('insures two of the demo’s duties, and billing hears the closed one’s insurance', async () => {
  const owner = { ...h.callerFor(T, allPermissionIds()), tenantId: T, userId: randomUUID() };
  await seedDemoMasters(h.masters.client, owner, { today: TODAY });
  expect(
    await seedDemoBookings({ bookings: h.bookings.client, masters: h.masters.client }, owner, {
      today: TODAY,
    }),
  ).toBeGreaterThan(100);

  const insured = await h.bookings.database.db.asSystem((tx) =>
    rows<{ id: string; policy: string; premium: string; status: string; startDate: string }>(
      tx,
      sql`select b.id, t.policy_number as policy, t.premium::text as premium, b.status,
            b.start_date::text as "startDate"
          from bookings.booking_trip_insurance t join bookings.bookings b on b.id = t.booking_id
          where t.tenant_id = ${T} order by b.start_date`,
    ),
  );
  expect(insured.map((i) => [i.policy, i.premium])).toEqual([
    ['TRV/2026/004211', '1803.00'],
    ['OG-27-1101-9999-00000482', '649.50'],
  ]);
  expect(insured[0]!.startDate < TODAY && TODAY < insured[1]!.startDate).toBe(true);
  expect(insured[0]!.status).toBe('CLOSED');

  await eventually(
    () =>
      h.database.db.asSystem((tx) =>
        rows<{ premium: string | null }>(
          tx,
          sql`select trip_insurance->>'premium' as premium from billing.duties where booking_id = ${insured[0]!.id}`,
        ),
      ),
    (found) => found[0]?.premium === '1803.00',
  );
}, 240_000);
