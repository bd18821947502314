import type { Client } from '@connectrpc/connect';
import { decodeListPage, operatorDate, vehicleGroupMaster } from '@fleet/domain';
import { type Caller, callAs, fromConnectError } from '@fleet/platform';
import type { MastersService } from '@fleet/proto/fleet/masters/v1/masters_service_pb';
import { planDemoMasters } from './plan';
import { type PlannedRecord, Ref } from './toolkit';

export type MastersClient = Client<typeof MastersService>;

/** How many records of each master the seeding created, by kind. */
export type DemoMasterCounts = Record<string, number>;

export interface DemoMastersOptions {
  /** The operator's today, YYYY-MM-DD (Asia/Kolkata when not given). */
  today?: string;
  /** How many records are created at once where order does not matter. */
  concurrency?: number;
}

/** At most `limit` pieces of work at once; the rest wait their turn. */
function limiter(limit: number) {
  let active = 0;
  const waiting: (() => void)[] = [];
  return async <T>(work: () => Promise<T>): Promise<T> => {
    while (active >= limit) await new Promise<void>((resolve) => waiting.push(resolve));
    active += 1;
    try {
      return await work();
    } finally {
      active -= 1;
      waiting.shift()?.();
    }
  };
}

/**
 * Seeds the demo operator's masters through the masters service as `owner`. Does nothing (and returns
 * undefined) if the operator has vehicle groups already, so it never doubles an operator's data.
 *
 * Records go in dependency order (a record after those it points at), many at a time, with the
 * drivers one by one so their numbers follow the plan; customers and rate cards go in meanwhile.
 */
export async function seedDemoMasters(
  masters: MastersClient,
  owner: Caller,
  options: DemoMastersOptions = {},
): Promise<DemoMasterCounts | undefined> {
  const existing = await masters.listRecords({ kind: 'vehicle_group', page: { limit: 1 } }, callAs(owner));
  if (decodeListPage(vehicleGroupMaster, existing.recordsJson).length > 0) return undefined;

  const plan = planDemoMasters(options.today ?? operatorDate(new Date()));
  const ids = new Map<string, string>();
  const counts: DemoMasterCounts = {};
  const slot = limiter(options.concurrency ?? 12);
  let failed: Error | undefined;

  /** The values as the service takes them: refs replaced by ids, no undefined anywhere. */
  const resolve = (value: unknown): unknown => {
    if (value instanceof Ref) {
      const id = ids.get(`${value.kind}:${value.key}`);
      if (!id) throw new Error(`The demo ${value.kind} "${value.key}" is needed before it is created.`);
      return id;
    }
    if (Array.isArray(value)) return value.map(resolve);
    if (value && typeof value === 'object') {
      return Object.fromEntries(
        Object.entries(value)
          .filter(([, v]) => v !== undefined)
          .map(([k, v]) => [k, resolve(v)]),
      );
    }
    return value;
  };

  const create = (record: PlannedRecord) =>
    slot(async () => {
      if (failed) throw failed;
      try {
        const valuesJson = JSON.stringify(resolve(record.values));
        const { record: created } = await masters.createRecord(
          { kind: record.kind, valuesJson },
          callAs(owner),
        );
        ids.set(`${record.kind}:${record.key}`, created!.id);
        counts[record.kind] = (counts[record.kind] ?? 0) + 1;
      } catch (error) {
        const refused = fromConnectError(error);
        const fields = refused.fieldViolations.map((v) => `${v.field}: ${v.message}`).join('; ');
        failed ??= new Error(
          `The demo ${record.kind} "${record.key}" was refused: ${refused.message}${fields ? ` (${fields})` : ''}`,
          { cause: error },
        );
        throw failed;
      }
    });
  const ofKinds = (kinds: string[]) => plan.records.filter((r) => kinds.includes(r.kind));
  const createAll = async (...kinds: string[]) => {
    await Promise.all(ofKinds(kinds).map(create));
  };
  const createInTurn = async (kind: string) => {
    for (const record of ofKinds([kind])) await create(record);
  };

  await Promise.all([
    masters.saveSettings(
      { kind: 'business_settings', valuesJson: JSON.stringify(plan.settings) },
      callAs(owner),
    ),
    createAll(
      'bank_account',
      'fuel_station',
      'branch',
      'tax',
      'label',
      'vehicle_group',
      'duty_type',
      'customer_group',
      'supplier_group',
      'custom_field',
      'feedback_form',
      'duty_supporter',
    ),
  ]);
  counts.business_settings = 1;
  await createAll('company', 'billing_item', 'supplier');
  await Promise.all([
    createAll('company_profile'),
    createInTurn('driver').then(() => createAll('vehicle')),
    createAll('customer').then(() => createAll('rate_card')),
  ]);
  const created = Object.values(counts).reduce((sum, n) => sum + n, 0);
  if (created !== plan.records.length + 1) {
    throw new Error(`The demo seeding created ${created} of ${plan.records.length + 1} records.`);
  }
  return counts;
}
