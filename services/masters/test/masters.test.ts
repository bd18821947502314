// Every master an operator keeps, through fleet's gRPC routes on a real PostgreSQL, one declaration at a
// time: for each master that is neither reference data, read-only nor a singleton, records are created,
// read back, replaced, searched, filtered, paged in every declared order in both directions without a
// record repeated or skipped, deactivated and activated again, refused when a unique rule is broken and
// refused to a caller without its permissions. Then the rules a person meets field by field: normalised
// numbers, exact money, expiring documents, messages naming the bad field, channels read-only, and the
// business settings saved as the operator's one record.
import { randomUUID } from 'node:crypto';
import type { JsonValue } from '@bufbuild/protobuf';
import { timestampDate } from '@bufbuild/protobuf/wkt';
import {
  allPermissionIds,
  basicInformationOf,
  decodeListPage,
  EMAIL_MESSAGE,
  GSTIN_CHECKSUM_MESSAGE,
  listedFieldsOf,
  MASTERS,
  type MasterDefinition,
  type MasterListRecord,
  masterOf,
  PAN_HOLDER_TYPE_MESSAGE,
  PHONE_MESSAGE,
  PREFIX_TEMPLATE_MESSAGE,
} from '@fleet/domain';
import { type Caller, callAs } from '@fleet/platform';
import { ActiveFilter, SortDirection } from '@fleet/proto/fleet/common/v1/common_pb';
import type { Record as MasterRecord } from '@fleet/proto/fleet/masters/v1/record_pb';
import { expectDomainError, recordValues } from '@fleet/testing';
import { bootMasters, type MastersHarness } from './support';

type Values = { [field: string]: JsonValue };
/** The id of the n-th record of a kind in the fixture's operator, created on first use. */
type Ref = (kind: string, n?: number) => Promise<string>;
type Build = (i: number, ref: Ref) => Promise<Values>;

// The module's clock: 01:30 on 16 January 2030 in Kolkata, when it is still the 15th in UTC.
const NOW = new Date('2030-01-15T20:00:00Z');
const TODAY = '2030-01-16';

const WORDS = ['Alpha', 'Bravo', 'Charlie', 'Delta', 'Echo', 'Foxtrot', 'Golf', 'Hotel'];
const CITIES = ['mh-pune', 'ka-bengaluru'];
const word = (i: number) => WORDS[i]!;
const phone = (series: string, i: number) => `+91${series}${String(i).padStart(5, '0')}`;

/**
 * Minimal valid values of each master, already in the form they are stored in, so a read-back equals
 * what was sent. Records alternate the fields the lists filter on, and some sort keys repeat (vehicle
 * models) so paging has ties to break.
 */
const BUILD: Record<string, Build> = {
  duty_type: async (i) => ({
    name: `Duty ${word(i)}`,
    type: ['HR_KM', 'FLAT'][i % 2]!,
    max_km: 80 + i,
    max_hr: 8,
    is_p2p: i % 2 === 0,
  }),
  tax: async (i) => ({ name: `Tax ${word(i)}`, percentage: `${i + 1}.50` }),
  vehicle_group: async (i) => ({ name: `Group ${word(i)}`, seating_capacity: 4 + i, luggage_capacity: 2 }),
  vehicle: async (i, ref) => ({
    vehicle_no: `MH12AB${1000 + i}`,
    vehicle_model: ['Innova', 'Dzire', 'Innova', 'Etios', 'Dzire', 'Ertiga', 'Ciaz', 'Aura'][i]!,
    vehicle_group_id: await ref('vehicle_group', i % 2),
    vehicle_fuel_type: ['DIESEL', 'CNG'][i % 2]!,
    supplier_id: i % 2 === 0 ? await ref('supplier') : null,
    loan_emi: `${12000 + i}.50`,
  }),
  driver: async (i, ref) => ({
    name: `Driver ${word(i)}`,
    phone: phone('98765', i),
    branch_id: await ref('branch', i % 2),
    licence_no: `MH1420110062${i}`,
    monthly_salary: '18000.00',
  }),
  customer_group: async (i) => ({ name: `Customer group ${word(i)}`, description: 'Corporate accounts' }),
  person: async (i, ref) => ({
    name: `Person ${word(i)}`,
    customer_id: await ref('customer', i % 2),
    role: ['PASSENGER', 'BOOKER'][i % 2]!,
    phone: phone('93456', i),
  }),
  customer: async (i, ref) => ({
    name: `Customer ${word(i)}`,
    phone: phone('91234', i),
    customer_group_id: await ref('customer_group', i % 2),
    city_id: CITIES[i % 2]!,
    label_ids: [await ref('label', i % 2)],
    tds_percentage: '2.00',
  }),
  supplier_group: async (i) => ({ name: `Supplier group ${word(i)}` }),
  supplier: async (i, ref) => ({
    name: `Supplier ${word(i)}`,
    supplier_type: ['DCO', 'COMPANY'][i % 2]!,
    supplier_group_id: await ref('supplier_group', i % 2),
    city_id: CITIES[i % 2]!,
    label_ids: [await ref('label', i % 2)],
  }),
  duty_supporter: async (i) => ({ name: `Supporter ${word(i)}`, type: ['CLEANER', 'GUIDE'][i % 2]! }),
  label: async (i) => ({ name: `Label ${word(i)}`, colour: ['red', 'green'][i % 2]! }),
  feedback_form: async (i) => ({
    name: `Feedback ${word(i)}`,
    questions: [
      {
        label: 'How was the ride?',
        type: 'SELECT',
        display: 'RADIO',
        options: 'Good,Bad',
        is_required: true,
      },
    ],
  }),
  billing_item: async (i, ref) => ({
    name: `Item ${word(i)}`,
    sac_code: '996601',
    is_taxable: true,
    tax_id: await ref('tax'),
  }),
  rate_card: async (i, ref) => {
    const supplier = i % 3 === 2;
    return {
      name: `Contract ${word(i)}`,
      party: supplier ? 'SUPPLIER' : 'CUSTOMER',
      customer_id: supplier ? null : await ref('customer', i % 2),
      supplier_id: supplier ? await ref('supplier') : null,
      duty_type_id: await ref('duty_type', i % 2),
      city_id: [null, 'mh-pune'][i % 2]!,
      vehicle_group_id: await ref('vehicle_group', i % 2),
      contract_start: `${2020 + i}-04-01`,
      contract_end: `${2021 + i}-03-31`,
      normal_rate: `${1500 + i}.00`,
      extra_km_rate: '14.2500',
    };
  },
  branch: async (i) => ({ name: `Branch ${word(i)}`, type: 'OFFICE', city_id: CITIES[i % 2]! }),
  bank_account: async (i) => ({
    name: `Account ${word(i)}`,
    account_holder: 'Alpha Cabs Pvt Ltd',
    bank_name: 'HDFC Bank',
    account_no: `5010012345${i}`,
    ifsc: 'HDFC0001234',
  }),
  fuel_station: async (i) => ({
    name: `Station ${word(i)}`,
    brand: 'Indian Oil',
    city_id: CITIES[i % 2]!,
    has_credit_account: i % 2 === 0,
  }),
  company: async (i) => ({
    name: `Company ${word(i)}`,
    state_id: 'MH',
    address: 'Baner Road, Pune',
    gst_no: '27AAPFU0939F1ZV',
  }),
  company_profile: async (i, ref) => ({
    name: `Profile ${word(i)}`,
    company_id: await ref('company'),
    invoice_prefix: `INV${i}/{FY}/`,
  }),
  custom_field: async (i) => ({
    name: `Field ${word(i)}`,
    entity: ['BOOKING', 'CUSTOMER'][i % 2]!,
    type: 'TEXT',
  }),
};

const KEPT = (MASTERS as readonly MasterDefinition[]).filter((m) => !m.system && !m.readOnly && !m.singleton);

let h: MastersHarness;

beforeAll(async () => {
  h = await bootMasters({ clock: () => NOW });
});
afterAll(() => h?.close());

/** The domain error a call failed with; the call must fail. */

/** An operator of its own, whose referenced records are created when first asked for. */
function operator() {
  const tenantId = randomUUID();
  const made = new Map<string, Promise<string>>();
  const ref: Ref = (kind, n = 0) => {
    const key = `${kind}#${n}`;
    let id = made.get(key);
    if (!id) {
      id = BUILD[kind]!(n, ref).then(async (values) => (await h.create(tenantId, kind, values)).id);
      made.set(key, id);
    }
    return id;
  };
  const owner = h.callerFor(tenantId);
  return {
    tenantId,
    owner,
    ref,
    values: (kind: string, i: number) => BUILD[kind]!(i, ref),
    create: async (kind: string, i: number) => h.create(tenantId, kind, await BUILD[kind]!(i, ref)),
  };
}

interface ListAsk {
  search?: string;
  active?: ActiveFilter;
  filters?: { key: string; values: string[] }[];
  expiringWithinDays?: number;
  sortBy?: string;
  direction?: SortDirection;
  limit?: number;
}

/** One page of a list, its records read back through the domain's list-page codec. */
async function list(caller: Caller, kind: string, ask: ListAsk = {}, cursor = '') {
  const page = await h.client.listRecords(
    {
      kind,
      search: ask.search ?? '',
      active: ask.active ?? ActiveFilter.UNSPECIFIED,
      filters: ask.filters ?? [],
      expiringWithinDays: ask.expiringWithinDays,
      page: {
        sortBy: ask.sortBy ?? '',
        direction: ask.direction ?? SortDirection.UNSPECIFIED,
        limit: ask.limit ?? 0,
        cursor,
      },
    },
    callAs(caller),
  );
  return { records: decodeListPage(masterOf(kind), page.recordsJson), pageInfo: page.pageInfo };
}

/** Every page of a list, following the cursor; checks each page says truthfully whether more follow. */
async function listAll(caller: Caller, kind: string, ask: ListAsk = {}) {
  const records: MasterListRecord[] = [];
  const pageSizes: number[] = [];
  let cursor = '';
  for (let guard = 0; guard < 100; guard++) {
    const page = await list(caller, kind, ask, cursor);
    records.push(...page.records);
    pageSizes.push(page.records.length);
    expect(page.pageInfo!.hasMore).toBe(page.pageInfo!.nextCursor !== '');
    cursor = page.pageInfo!.nextCursor;
    if (!cursor) return { records, ids: records.map((r) => r.id), pageSizes };
  }
  throw new Error('the list never ended');
}

const ids = (records: { id: string }[]) => records.map((r) => r.id);

/** The value a list sorts a record by, comparable with < in both C and linguistic collations. */
function sortValue(record: MasterListRecord, sortBy: string): string | number {
  if (sortBy === 'created_at') return record.createdAt.getTime();
  return (record.values as Values)[sortBy] as string | number;
}

const json = (record: MasterRecord) => recordValues(record) as Values;
const value = (record: MasterRecord, field: string) => json(record)[field];

describe.each(KEPT.map((m) => [m.kind, m] as [string, MasterDefinition]))('%s', (kind, definition) => {
  const COUNT = 5;
  let op: ReturnType<typeof operator>;
  let sent: Values[];
  let records: MasterRecord[];

  beforeAll(async () => {
    op = operator();
    sent = [];
    records = [];
    for (let i = 0; i < COUNT; i++) {
      sent.push(await op.values(kind, i));
      records.push(await h.create(op.tenantId, kind, sent[i]!));
    }
  });

  it('creates a record with valid values and reads it back as stored', async () => {
    for (const [i, record] of records.entries()) {
      expect(record.kind).toBe(kind);
      expect(record.isActive).toBe(true);
      expect(json(record)).toMatchObject(sent[i]!);
      const { record: got } = await h.client.getRecord({ kind, id: record.id }, callAs(op.owner));
      expect(got!.id).toBe(record.id);
      expect(json(got!)).toEqual(json(record));
    }
    // Every declared field is in the record, given or not.
    expect(Object.keys(json(records[0]!)).sort()).toEqual(Object.keys(definition.fields).sort());
  });

  it('lists each record with the fields its list shows and sorts by, the same values as the whole record', async () => {
    const page = await h.client.listRecords({ kind, page: { limit: 50 } }, callAs(op.owner));
    const listed = JSON.parse(page.recordsJson) as { id: string; values: Values }[];
    expect(listed).toHaveLength(COUNT);
    const fields = listedFieldsOf(definition);
    expect(fields).toContain(definition.display);
    for (const record of listed) {
      expect(Object.keys(record.values).sort()).toEqual([...fields].sort());
      const whole = json(records.find((r) => r.id === record.id)!);
      for (const name of fields) expect([name, record.values[name]]).toEqual([name, whole[name]]);
    }
  });

  it('replaces every value on update, emptying what the new values leave out', async () => {
    const other = operator();
    const before = await other.values(kind, 5);
    const created = await h.create(other.tenantId, kind, before);
    // Optional values the record had (references aside, which rules across fields may need) are left out.
    const left = Object.keys(before).filter((name) => {
      const field = definition.fields[name]!;
      return !field.required && field.type !== 'ref' && field.type !== 'boolean' && before[name] !== null;
    });
    const replacement = await other.values(kind, 6);
    for (const name of left) delete replacement[name];
    const { record: updated } = await h.client.updateRecord(
      { kind, id: created.id, valuesJson: JSON.stringify(replacement) },
      callAs(other.owner),
    );
    expect(updated!.id).toBe(created.id);
    expect(updated!.createdAt).toEqual(created.createdAt);
    expect(json(updated!)).toMatchObject(replacement);
    for (const name of left) {
      const type = definition.fields[name]!.type;
      expect([name, value(updated!, name)]).toEqual([name, type === 'refs' || type === 'rows' ? [] : null]);
    }
    expect(timestampDate(updated!.updatedAt!).getTime()).toBeGreaterThan(
      timestampDate(created.updatedAt!).getTime(),
    );
    const { record: got } = await h.client.getRecord({ kind, id: created.id }, callAs(other.owner));
    expect(json(got!)).toEqual(json(updated!));
  });

  it('finds a record by the start of a word of its searched text (any part of a code), in any case', async () => {
    const field = definition.search[0]!;
    const text = String(value(records[2]!, field));
    const last = text
      .split(/[^A-Za-z0-9]+/)
      .filter(Boolean)
      .at(-1)!;
    const term = (/\d/.test(last) ? last.slice(-4) : last.slice(0, 4)).toLowerCase();
    const found = await list(op.owner, kind, { search: term });
    expect(ids(found.records)).toEqual([records[2]!.id]);
    expect((await list(op.owner, kind, { search: term.toUpperCase() })).records).toHaveLength(1);
    expect((await list(op.owner, kind, { search: 'no such thing anywhere' })).records).toEqual([]);
    // Punctuation alone names no word: LIKE wildcards are not wildcards.
    expect((await list(op.owner, kind, { search: '%' })).records).toEqual([]);
  });

  it.each(
    definition.sorts.flatMap((sortBy) => [
      [sortBy, 'ascending', SortDirection.ASC],
      [sortBy, 'descending', SortDirection.DESC],
    ]) as [string, string, SortDirection][],
  )('pages by %s %s without repeating or skipping a record', async (sortBy, _label, direction) => {
    const walked = await listAll(op.owner, kind, { sortBy, direction, limit: 2 });
    expect(walked.pageSizes).toEqual([2, 2, 1]);
    expect(new Set(walked.ids).size).toBe(COUNT);
    expect([...walked.ids].sort()).toEqual(ids(records).sort());
    const sortValues = walked.records.map((r) => sortValue(r, sortBy));
    for (let i = 1; i < sortValues.length; i++) {
      const [a, b] = [sortValues[i - 1]!, sortValues[i]!];
      if (direction === SortDirection.ASC) expect(a <= b).toBe(true);
      else expect(a >= b).toBe(true);
    }
    // The other direction is exactly this order reversed (ties broken by id both ways).
    const opposite = await listAll(op.owner, kind, {
      sortBy,
      direction: direction === SortDirection.ASC ? SortDirection.DESC : SortDirection.ASC,
      limit: 2,
    });
    expect(opposite.ids).toEqual([...walked.ids].reverse());
  });

  it('lists by its default sort when none is asked for, and refuses a sort it does not offer', async () => {
    const unsorted = await listAll(op.owner, kind, { limit: 3 });
    const byDefault = await listAll(op.owner, kind, {
      sortBy: definition.defaultSort,
      direction: SortDirection.ASC,
      limit: 3,
    });
    expect(unsorted.ids).toEqual(byDefault.ids);
    const error = await expectDomainError(list(op.owner, kind, { sortBy: 'tenant_id' }));
    expect(error.code).toBe('INVALID_ARGUMENT');
    expect(error.fieldViolations[0]?.field).toBe('sortBy');
  });

  const filters = definition.filters ?? [];
  if (filters.length) {
    it.each(filters.map((f) => [f.key, f.field]))(
      'narrows the list with the %s filter (on %s)',
      async (key, field) => {
        const valuesOf = (r: MasterRecord): string[] => {
          const v = value(r, field);
          return Array.isArray(v) ? (v as string[]) : v === null || v === undefined ? [] : [String(v)];
        };
        const chosen = records.map(valuesOf).find((v) => v.length > 0)![0]!;
        const expected = records.filter((r) => valuesOf(r).includes(chosen)).map((r) => r.id);
        expect(expected.length).toBeGreaterThan(0);
        expect(expected.length).toBeLessThan(COUNT);
        const narrowed = await listAll(op.owner, kind, { filters: [{ key, values: [chosen] }] });
        expect(narrowed.ids.sort()).toEqual(expected.sort());
        // Every value of the field together lists everything that has one.
        const all = [...new Set(records.flatMap(valuesOf))];
        const either = await listAll(op.owner, kind, { filters: [{ key, values: all }] });
        expect(either.ids.sort()).toEqual(
          records
            .filter((r) => valuesOf(r).length > 0)
            .map((r) => r.id)
            .sort(),
        );
      },
    );
  }

  it('refuses a filter it does not declare', async () => {
    const error = await expectDomainError(
      list(op.owner, kind, { filters: [{ key: 'colours', values: ['x'] }] }),
    );
    expect(error.code).toBe('INVALID_ARGUMENT');
    expect(error.fieldViolations[0]?.field).toBe('filters');
  });

  if (filters.length) {
    it.each(filters.map((f) => [f.key]))(
      'refuses a %s filter value that names nothing it could match',
      async (key) => {
        const error = await expectDomainError(
          list(op.owner, kind, { filters: [{ key, values: ['not an id; drop table'] }] }),
        );
        expect(error.code).toBe('INVALID_ARGUMENT');
        expect(error.fieldViolations[0]).toMatchObject({ field: 'filters' });
        expect(error.fieldViolations[0]?.message).toContain('not an id; drop table');
      },
    );
  }

  it('deactivates a record out of the active list and activates it back', async () => {
    const other = operator();
    const kept = await other.create(kind, 0);
    const target = await other.create(kind, 1);
    const { record: off } = await h.client.setRecordActive(
      { kind, id: target.id, isActive: false },
      callAs(other.owner),
    );
    expect(off!.isActive).toBe(false);
    expect(ids((await listAll(other.owner, kind)).records)).toEqual([kept.id]);
    expect(ids((await listAll(other.owner, kind, { active: ActiveFilter.ACTIVE })).records)).toEqual([
      kept.id,
    ]);
    expect(ids((await listAll(other.owner, kind, { active: ActiveFilter.INACTIVE })).records)).toEqual([
      target.id,
    ]);
    expect((await listAll(other.owner, kind, { active: ActiveFilter.ALL })).ids.sort()).toEqual(
      [kept.id, target.id].sort(),
    );
    // Still readable by id, marked inactive.
    const { record: got } = await h.client.getRecord({ kind, id: target.id }, callAs(other.owner));
    expect(got!.isActive).toBe(false);

    const { record: on } = await h.client.setRecordActive(
      { kind, id: target.id, isActive: true },
      callAs(other.owner),
    );
    expect(on!.isActive).toBe(true);
    expect((await listAll(other.owner, kind)).ids.sort()).toEqual([kept.id, target.id].sort());
    expect((await listAll(other.owner, kind, { active: ActiveFilter.INACTIVE })).records).toEqual([]);
  });

  for (const rule of definition.unique ?? []) {
    it(`refuses a second record with the same ${rule.fields.join(' and ')} (CONFLICT on ${rule.field})`, async () => {
      const values = await op.values(kind, 5);
      for (const f of rule.fields) values[f] = value(records[0]!, f)!;
      const error = await expectDomainError(h.create(op.tenantId, kind, values));
      expect(error.code).toBe('CONFLICT');
      expect(error.fieldViolations).toEqual([{ field: rule.field, message: rule.message }]);
      // …on update too; and nothing changed either way.
      const clash = await expectDomainError(
        h.client.updateRecord(
          { kind, id: records[1]!.id, valuesJson: JSON.stringify(values) },
          callAs(op.owner),
        ),
      );
      expect(clash.code).toBe('CONFLICT');
      expect(clash.fieldViolations).toEqual([{ field: rule.field, message: rule.message }]);
      expect((await listAll(op.owner, kind, { active: ActiveFilter.ALL })).ids.sort()).toEqual(
        ids(records).sort(),
      );
      const { record: untouched } = await h.client.getRecord({ kind, id: records[1]!.id }, callAs(op.owner));
      expect(json(untouched!)).toEqual(json(records[1]!));
    });
  }

  it('needs its view permission to list or read, and its manage permission to change', async () => {
    // Nor the basic information a driver, vehicle or duty supporter shows by name (basic-information.test.ts).
    const basic = basicInformationOf(kind)?.permission;
    const withoutView = h.callerFor(
      op.tenantId,
      allPermissionIds().filter((p) => p !== definition.view && p !== basic),
    );
    expect((await expectDomainError(list(withoutView, kind))).code).toBe('PERMISSION_DENIED');
    expect(
      (await expectDomainError(h.client.getRecord({ kind, id: records[0]!.id }, callAs(withoutView)))).code,
    ).toBe('PERMISSION_DENIED');

    // Rate cards are seen by their party's permission beside the screen's (rate-card-access.test.ts).
    const viewer = h.callerFor(op.tenantId, [
      definition.view,
      'view_customer_pricing',
      'view_supplier_pricing',
    ]);
    expect((await list(viewer, kind)).records).toHaveLength(COUNT);
    const values = await op.values(kind, 7);
    expect(
      (
        await expectDomainError(
          h.client.createRecord({ kind, valuesJson: JSON.stringify(values) }, callAs(viewer)),
        )
      ).code,
    ).toBe('PERMISSION_DENIED');
    expect(
      (
        await expectDomainError(
          h.client.updateRecord(
            { kind, id: records[0]!.id, valuesJson: JSON.stringify(values) },
            callAs(viewer),
          ),
        )
      ).code,
    ).toBe('PERMISSION_DENIED');
    expect(
      (
        await expectDomainError(
          h.client.setRecordActive({ kind, id: records[0]!.id, isActive: false }, callAs(viewer)),
        )
      ).code,
    ).toBe('PERMISSION_DENIED');
    expect((await list(viewer, kind)).records).toHaveLength(COUNT);
  });
});

describe('values as a person types them', () => {
  it('stores a vehicle number in capitals without spaces or dashes, and refuses it again in another form', async () => {
    const op = operator();
    const values = await op.values('vehicle', 0);
    const first = await h.create(op.tenantId, 'vehicle', { ...values, vehicle_no: 'MH 12 AB-1234' });
    expect(value(first, 'vehicle_no')).toBe('MH12AB1234');
    const error = await expectDomainError(
      h.create(op.tenantId, 'vehicle', { ...(await op.values('vehicle', 1)), vehicle_no: 'mh12ab1234' }),
    );
    expect(error.code).toBe('CONFLICT');
    expect(error.fieldViolations).toEqual([
      { field: 'vehicle_no', message: 'A vehicle with this number exists.' },
    ]);
    // Another operator may have the same number.
    const other = operator();
    const theirs = await h.create(other.tenantId, 'vehicle', {
      ...(await other.values('vehicle', 0)),
      vehicle_no: 'mh-12-ab-1234',
    });
    expect(value(theirs, 'vehicle_no')).toBe('MH12AB1234');
  });

  it('keeps money exactly, as a decimal string with two places', async () => {
    const op = operator();
    const driver = await h.create(op.tenantId, 'driver', {
      ...(await op.values('driver', 0)),
      monthly_salary: '12,500.5',
      daily_wage: ' 850 ',
      night_allowance: '999999999999.99',
      sunday_allowance: '0.1',
    });
    expect(json(driver)).toMatchObject({
      monthly_salary: '12500.50',
      daily_wage: '850.00',
      night_allowance: '999999999999.99',
      sunday_allowance: '0.10',
      daily_allowance: null,
    });
    const { record: got } = await h.client.getRecord({ kind: 'driver', id: driver.id }, callAs(op.owner));
    expect(value(got!, 'monthly_salary')).toBe('12500.50');
    expect(value(got!, 'night_allowance')).toBe('999999999999.99');
    // Rates keep four places, percentages two.
    const card = await h.create(op.tenantId, 'rate_card', {
      ...(await op.values('rate_card', 0)),
      extra_km_rate: '12.5',
      normal_rate: '1,500',
    });
    expect(json(card)).toMatchObject({ extra_km_rate: '12.5000', normal_rate: '1500.00' });
    const tax = await h.create(op.tenantId, 'tax', { name: 'IGST 5%', percentage: '5' });
    expect(value(tax, 'percentage')).toBe('5.00');
  });

  it('numbers drivers 1, 2, 3… per operator and keeps the number on update', async () => {
    const a = operator();
    const b = operator();
    const first = await a.create('driver', 0);
    const second = await a.create('driver', 1);
    const theirs = await b.create('driver', 0);
    expect([value(first, 'user_record_id'), value(second, 'user_record_id')]).toEqual([1, 2]);
    expect(value(theirs, 'user_record_id')).toBe(1);
    const { record: updated } = await h.client.updateRecord(
      {
        kind: 'driver',
        id: second.id,
        valuesJson: JSON.stringify({ ...(await a.values('driver', 1)), user_record_id: 99 }),
      },
      callAs(a.owner),
    );
    expect(value(updated!, 'user_record_id')).toBe(2);
  });

  it('gives the names of the records a record points at', async () => {
    const op = operator();
    const vehicle = await op.create('vehicle', 0);
    const { record } = await h.client.getRecord({ kind: 'vehicle', id: vehicle.id }, callAs(op.owner));
    expect(record!.refNames.vehicle_group_id?.names).toEqual(['Group Alpha']);
    expect(record!.refNames.supplier_id?.names).toEqual(['Supplier Alpha']);
    const customer = await op.create('customer', 0);
    expect(customer.refNames.label_ids?.names).toEqual(['Label Alpha']);
    expect(customer.refNames.customer_group_id?.names).toEqual(['Customer group Alpha']);
  });

  it('drops repeated ids from a list of references', async () => {
    const op = operator();
    const label = await op.ref('label', 0);
    const customer = await h.create(op.tenantId, 'customer', {
      ...(await op.values('customer', 0)),
      label_ids: [label, label],
    });
    expect(value(customer, 'label_ids')).toEqual([label]);
  });
});

describe('invalid values', () => {
  async function refused(kind: string, values: Values, op = operator()) {
    const error = await expectDomainError(h.create(op.tenantId, kind, values));
    expect(error.code).toBe('INVALID_ARGUMENT');
    // Nothing was saved.
    expect((await list(op.owner, kind, { active: ActiveFilter.ALL })).records).toEqual([]);
    return error;
  }

  it('names each missing required field', async () => {
    const error = await refused('vehicle', { colour: 'White' });
    expect(error.fieldViolations).toEqual(
      expect.arrayContaining([
        { field: 'vehicle_no', message: 'Enter the vehicle number.' },
        { field: 'vehicle_model', message: 'Enter the model.' },
        { field: 'vehicle_group_id', message: 'Choose a vehicle group' },
        { field: 'vehicle_fuel_type', message: 'Choose the fuel type.' },
      ]),
    );
    expect(error.fieldViolations).toHaveLength(4);
  });

  it('refuses a bad GSTIN and a bad PAN', async () => {
    const op = operator();
    const values = await op.values('company', 0);
    const gstin = await refused('company', { ...values, gst_no: '27AAPFU0939F1ZX' }, op);
    expect(gstin.fieldViolations).toEqual([{ field: 'gst_no', message: GSTIN_CHECKSUM_MESSAGE }]);
    const pan = await refused('company', { ...values, pan_no: 'ABCDE1234F' }, op);
    expect(pan.fieldViolations).toEqual([{ field: 'pan_no', message: PAN_HOLDER_TYPE_MESSAGE }]);
    // Lower case is fine: stored in capitals.
    const company = await h.create(op.tenantId, 'company', {
      ...values,
      gst_no: '27aapfu0939f1zv',
      pan_no: 'aapfu0939f',
    });
    expect(json(company)).toMatchObject({ gst_no: '27AAPFU0939F1ZV', pan_no: 'AAPFU0939F' });
  });

  it('refuses a number prefix without the {FY} part, which would repeat last year’s numbers', async () => {
    const op = operator();
    const values = await op.values('company_profile', 0);
    for (const field of ['invoice_prefix', 'receipt_prefix', 'credit_note_prefix']) {
      const fixed = await refused('company_profile', { ...values, [field]: 'DT/26-27/' }, op);
      expect(fixed.fieldViolations).toEqual([{ field, message: PREFIX_TEMPLATE_MESSAGE }]);
    }
    const long = await refused('company_profile', { ...values, invoice_prefix: 'ABCDEFG/{FY}' }, op);
    expect(long.fieldViolations.map((v) => v.field)).toEqual(['invoice_prefix']);
    const profile = await h.create(op.tenantId, 'company_profile', {
      ...values,
      invoice_prefix: 'DT/{FY}/',
      receipt_prefix: 'RC/{FY}/',
      credit_note_prefix: '',
    });
    expect(json(profile)).toMatchObject({ invoice_prefix: 'DT/{FY}/', receipt_prefix: 'RC/{FY}/' });
  });

  it('refuses a phone without country code and a malformed email', async () => {
    const op = operator();
    const values = await op.values('driver', 0);
    const bad = await refused('driver', { ...values, phone: '98765' }, op);
    expect(bad.fieldViolations).toEqual([{ field: 'phone', message: PHONE_MESSAGE }]);
    const email = await refused('driver', { ...values, email: 'ravi@example' }, op);
    expect(email.fieldViolations).toEqual([{ field: 'email', message: EMAIL_MESSAGE }]);
  });

  it('refuses money with three decimal places, and text where a number belongs', async () => {
    const op = operator();
    const values = await op.values('driver', 0);
    const places = await refused('driver', { ...values, monthly_salary: '100.125' }, op);
    expect(places.fieldViolations).toEqual([
      { field: 'monthly_salary', message: 'Use at most 2 decimal places.' },
    ]);
    const text = await refused('driver', { ...values, daily_wage: 'eight hundred' }, op);
    expect(text.fieldViolations[0]?.field).toBe('daily_wage');
    const percent = await refused('tax', { name: 'Too much', percentage: '100.01' }, op);
    expect(percent.fieldViolations).toEqual([
      { field: 'percentage', message: 'Enter a value from 0 to 100.' },
    ]);
  });

  it('refuses a reference to another operator’s record as if it did not exist', async () => {
    const mine = operator();
    const theirs = operator();
    const theirGroup = await theirs.ref('vehicle_group');
    const values = await mine.values('vehicle', 1);
    const error = await refused('vehicle', { ...values, vehicle_group_id: theirGroup }, mine);
    expect(error.fieldViolations).toEqual([
      { field: 'vehicle_group_id', message: 'Choose the vehicle group from the list.' },
    ]);
    const unknown = await refused('vehicle', { ...values, vehicle_group_id: randomUUID() }, mine);
    expect(unknown.fieldViolations[0]?.field).toBe('vehicle_group_id');

    // In a list of references, and inside rows.
    const theirLabel = await theirs.ref('label');
    const customer = await mine.values('customer', 0);
    const labels = await refused('customer', { ...customer, label_ids: [theirLabel] }, mine);
    expect(labels.fieldViolations).toEqual([
      { field: 'label_ids', message: 'Choose the labels from the list.' },
    ]);
    const row = {
      billing_name: 'Alpha Cabs',
      address: 'Baner',
      state_id: 'ZZ',
      is_default: true,
    };
    const billing = await refused('customer', { ...customer, billing_details: [row] }, mine);
    expect(billing.fieldViolations).toEqual([
      { field: 'billing_details.0.state_id', message: 'Choose the state from the list.' },
    ]);
    // A customer is not a supplier: the scope of the shared table holds.
    const customerId = await mine.ref('customer');
    const vehicle = await refused('vehicle', { ...values, supplier_id: customerId }, mine);
    expect(vehicle.fieldViolations).toEqual([
      { field: 'supplier_id', message: 'Choose the owned by supplier from the list.' },
    ]);
  });

  it('refuses a master that does not exist', async () => {
    const op = operator();
    const error = await expectDomainError(h.create(op.tenantId, 'spaceship', { name: 'x' }));
    expect(error.code).toBe('INVALID_ARGUMENT');
    expect(error.fieldViolations[0]?.field).toBe('kind');
  });
});

describe('expiring documents', () => {
  const day = (offset: number) => {
    const d = new Date(`${TODAY}T00:00:00Z`);
    d.setUTCDate(d.getUTCDate() + offset);
    return d.toISOString().slice(0, 10);
  };

  it('lists vehicles with a document expiring by today + N, and marks lapsed ones', async () => {
    const op = operator();
    const make = async (i: number, dates: Values) =>
      h.create(op.tenantId, 'vehicle', { ...(await op.values('vehicle', i)), ...dates });
    const lapsed = await make(0, { insurance_expiry: day(-1), puc_expiry: day(-30), permit_expiry: day(90) });
    const today = await make(1, { permit_expiry: day(0) });
    const soon = await make(2, { puc_expiry: day(10) });
    const later = await make(3, { fitness_expiry: day(11), rto_tax_expiry: day(400) });
    const none = await make(4, {});

    const within = async (days: number) =>
      (await listAll(op.owner, 'vehicle', { expiringWithinDays: days })).ids.sort();
    expect(await within(0)).toEqual([lapsed.id, today.id].sort());
    expect(await within(10)).toEqual([lapsed.id, today.id, soon.id].sort());
    expect(await within(11)).toEqual([lapsed.id, today.id, soon.id, later.id].sort());
    expect((await listAll(op.owner, 'vehicle')).ids).toContain(none.id);

    expect([...lapsed.lapsed].sort()).toEqual(['insurance_expiry', 'puc_expiry']);
    expect(today.lapsed).toEqual([]);
    expect(soon.lapsed).toEqual([]);
    const listed = (await listAll(op.owner, 'vehicle')).records.find((r) => r.id === lapsed.id)!;
    expect([...listed.lapsed].sort()).toEqual(['insurance_expiry', 'puc_expiry']);
  });

  it('lists drivers whose licence, badge or police verification runs out by today + N', async () => {
    const op = operator();
    const make = async (i: number, dates: Values) =>
      h.create(op.tenantId, 'driver', { ...(await op.values('driver', i)), ...dates });
    const licence = await make(0, { licence_expiry: day(-3) });
    const badge = await make(1, { badge_expiry: day(7) });
    const police = await make(2, { police_verification_expiry: day(8) });
    await make(3, { licence_expiry: day(365) });
    expect((await listAll(op.owner, 'driver', { expiringWithinDays: 7 })).ids.sort()).toEqual(
      [licence.id, badge.id].sort(),
    );
    expect((await listAll(op.owner, 'driver', { expiringWithinDays: 8 })).ids.sort()).toEqual(
      [licence.id, badge.id, police.id].sort(),
    );
    expect(licence.lapsed).toEqual(['licence_expiry']);
    expect(badge.lapsed).toEqual([]);
  });

  it('refuses the expiry filter on masters without documents, and out-of-range days', async () => {
    const op = operator();
    const none = await expectDomainError(list(op.owner, 'label', { expiringWithinDays: 10 }));
    expect(none.fieldViolations[0]?.field).toBe('expiringWithinDays');
    const negative = await expectDomainError(list(op.owner, 'vehicle', { expiringWithinDays: -1 }));
    expect(negative.fieldViolations[0]?.field).toBe('expiringWithinDays');
  });
});

describe('channels and settings', () => {
  it('lists channel partners but refuses to create them here', async () => {
    const op = operator();
    expect((await list(op.owner, 'channel_partner')).records).toEqual([]);
    const error = await expectDomainError(h.create(op.tenantId, 'channel_partner', { name: 'MakeMyTrip' }));
    expect(error.code).toBe('FAILED_PRECONDITION');
    expect(error.reason).toBe('READ_ONLY');
  });

  it('refuses changing reference data', async () => {
    const op = operator();
    const error = await expectDomainError(
      h.create(op.tenantId, 'city', { name: 'Atlantis', state_id: 'MH' }),
    );
    expect(error.code).toBe('FAILED_PRECONDITION');
  });

  it('keeps business settings as the operator’s one record: absent, saved, then updated', async () => {
    const op = operator();
    const kind = 'business_settings';
    const absent = await h.client.getSettings({ kind }, callAs(op.owner));
    expect(absent.record).toBeUndefined();

    const { record: saved } = await h.client.saveSettings(
      {
        kind,
        valuesJson: JSON.stringify({
          business_name: 'Alpha Cabs',
          head_office_city_id: 'mh-pune',
          invoice_due_in_days: 15,
        }),
      },
      callAs(op.owner),
    );
    expect(json(saved!)).toMatchObject({
      business_name: 'Alpha Cabs',
      head_office_city_id: 'mh-pune',
      invoice_due_in_days: 15,
      time_zone: 'Asia/Kolkata',
      rent_a_cab_gst: 'GST_5_NO_ITC',
      extra_hour_rounding: 'PRO_RATA',
      send_passenger_sms: true,
      send_passenger_email: false,
    });
    const { record: read } = await h.client.getSettings({ kind }, callAs(op.owner));
    expect(read!.id).toBe(saved!.id);
    expect(json(read!)).toEqual(json(saved!));

    const { record: updated } = await h.client.saveSettings(
      {
        kind,
        valuesJson: JSON.stringify({
          business_name: 'Alpha Cabs Pvt Ltd',
          rent_a_cab_gst: 'GST_18_WITH_ITC',
        }),
      },
      callAs(op.owner),
    );
    expect(updated!.id).toBe(saved!.id);
    expect(json(updated!)).toMatchObject({
      business_name: 'Alpha Cabs Pvt Ltd',
      rent_a_cab_gst: 'GST_18_WITH_ITC',
      head_office_city_id: null,
      invoice_due_in_days: null,
    });
    const { record: again } = await h.client.getSettings({ kind }, callAs(op.owner));
    expect(value(again!, 'business_name')).toBe('Alpha Cabs Pvt Ltd');

    // Another operator's settings are their own.
    const other = operator();
    expect((await h.client.getSettings({ kind }, callAs(other.owner))).record).toBeUndefined();

    // Settings are saved, not created; and they are validated like any record.
    expect((await expectDomainError(h.create(op.tenantId, kind, { business_name: 'Twice' }))).code).toBe(
      'INVALID_ARGUMENT',
    );
    const invalid = await expectDomainError(
      h.client.saveSettings(
        { kind, valuesJson: JSON.stringify({ business_name: '', support_email: 'x' }) },
        callAs(op.owner),
      ),
    );
    expect(invalid.code).toBe('INVALID_ARGUMENT');
    expect(invalid.fieldViolations.map((v) => v.field).sort()).toEqual(['business_name', 'support_email']);
    const viewer = h.callerFor(op.tenantId, [masterOf(kind).view]);
    expect(
      (
        await expectDomainError(
          h.client.saveSettings(
            { kind, valuesJson: JSON.stringify({ business_name: 'Mine' }) },
            callAs(viewer),
          ),
        )
      ).code,
    ).toBe('PERMISSION_DENIED');
    expect((await h.client.getSettings({ kind }, callAs(viewer))).record?.id).toBe(saved!.id);
  });
});

describe('what a direct gRPC caller sends, checked before any query', () => {
  const cursor = (value: unknown, id: unknown = randomUUID()) =>
    Buffer.from(JSON.stringify([value, id])).toString('base64url');
  const fields = (error: { code: string; fieldViolations: { field: string }[] }) => [
    error.code,
    error.fieldViolations.map((v) => v.field),
  ];

  it.each([
    ['vehicle', 'vehicle_no', ['garbage\u0000', 5, null]],
    ['driver', 'user_record_id', ['garbage', '1.5', '99999999999', null]],
    ['rate_card', 'contract_start', ['garbage', '2030-02-30', null]],
    ['vehicle', 'created_at', ['garbage', '2030-01-16']],
  ])('refuses a %s cursor by %s whose key is not of the sort’s type', async (kind, sortBy, values) => {
    const op = operator();
    for (const value of values) {
      const error = await expectDomainError(list(op.owner, kind, { sortBy }, cursor(value)));
      expect([value, ...fields(error)]).toEqual([value, 'INVALID_ARGUMENT', ['cursor']]);
    }
    const notAnId = await expectDomainError(list(op.owner, kind, { sortBy }, cursor('1', 'abc')));
    expect(fields(notAnId)).toEqual(['INVALID_ARGUMENT', ['cursor']]);
  });

  it('refuses ids that are not ids, naming the field, for lists, reads and changes', async () => {
    const op = operator();
    const listed = await expectDomainError(
      h.client.listRecords({ kind: 'vehicle', ids: [randomUUID(), 'abc'] }, callAs(op.owner)),
    );
    expect(fields(listed)).toEqual(['INVALID_ARGUMENT', ['ids.1']]);
    // Reference data is keyed by codes.
    const states = await h.client.listRecords({ kind: 'state', ids: ['MH'] }, callAs(op.owner));
    expect(decodeListPage(masterOf('state'), states.recordsJson).map((s) => s.id)).toEqual(['MH']);
    for (const call of [
      () => h.client.getRecord({ kind: 'vehicle', id: "x' or 1=1" }, callAs(op.owner)),
      () =>
        h.client.updateRecord(
          { kind: 'vehicle_group', id: 'x', valuesJson: '{"name":"A"}' },
          callAs(op.owner),
        ),
      () => h.client.setRecordActive({ kind: 'vehicle_group', id: 'x', isActive: false }, callAs(op.owner)),
    ]) {
      expect(fields(await expectDomainError(call()))).toEqual(['INVALID_ARGUMENT', ['id']]);
    }
  });

  it('refuses the NUL character in a name and in a search, saving nothing', async () => {
    const op = operator();
    const named = await expectDomainError(
      h.create(op.tenantId, 'label', { name: 'Gold\u0000', colour: 'red' }),
    );
    expect([named.code, named.fieldViolations]).toEqual([
      'INVALID_ARGUMENT',
      [{ field: 'name', message: 'Remove the NUL character (U+0000); it cannot be stored.' }],
    ]);
    expect((await list(op.owner, 'label', { active: ActiveFilter.ALL })).records).toEqual([]);
    const searched = await expectDomainError(list(op.owner, 'label', { search: 'go\u0000ld' }));
    expect(fields(searched)).toEqual(['INVALID_ARGUMENT', ['search']]);
  });

  it('takes a whole number only as a number or plain digits, and an amount only as decimal text', async () => {
    const op = operator();
    for (const seats of [true, [5], '0x10', '1e1']) {
      const error = await expectDomainError(
        h.create(op.tenantId, 'vehicle_group', { name: 'Sedan', seating_capacity: seats }),
      );
      expect([seats, error.fieldViolations]).toEqual([
        seats,
        [{ field: 'seating_capacity', message: 'Enter a whole number.' }],
      ]);
    }
    for (const rate of ['0x10', '1e3', true, ['5'], 5]) {
      const error = await expectDomainError(h.create(op.tenantId, 'tax', { name: 'GST', percentage: rate }));
      expect([rate, error.fieldViolations.map((v) => v.field)]).toEqual([rate, ['percentage']]);
    }
    expect((await list(op.owner, 'vehicle_group', { active: ActiveFilter.ALL })).records).toEqual([]);
    expect((await list(op.owner, 'tax', { active: ActiveFilter.ALL })).records).toEqual([]);
    const group = await h.create(op.tenantId, 'vehicle_group', { name: 'Sedan', seating_capacity: ' 4 ' });
    expect(value(group, 'seating_capacity')).toBe(4);
  });
});
