// What an attacker (or a broken client) may send the gateway, and what they observe: every page link,
// id, text, number, amount and file reference is checked before any query, and refused with a 400
// naming the field while nothing is written; a request that cannot be read is answered in our words,
// however deep it nests; and a failure of ours never shows a stack or a file path, in any mode.
import { randomUUID } from 'node:crypto';
import { rows } from '@fleet/platform';
import { sql } from 'drizzle-orm';
import { bearer, bootGateway, freshPhone, type GatewayHarness, type TrpcAnswer } from './support';

const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 73, 72, 68, 82]);
const NUL_MESSAGE = 'Remove the NUL character (U+0000); it cannot be stored.';

let h: GatewayHarness;
let ownerToken: string;
let otherToken: string;

beforeAll(async () => {
  h = await bootGateway();
  ({ token: ownerToken } = await h.signIn(freshPhone(), { operatorName: 'Probe Cabs' }));
  ({ token: otherToken } = await h.signIn(freshPhone(), { operatorName: 'Neighbour Cabs' }));
}, 120_000);
afterAll(async () => {
  await h?.close().catch(() => {});
});

const asOwner = () => bearer(ownerToken);
const query = (path: string, input: unknown) => h.query(path, input, asOwner());
const mutate = (path: string, input: unknown) => h.mutate(path, input, asOwner());
/** What the caller sees of a refusal: the status and the fields it names. */
const refusal = (answer: TrpcAnswer) => ({
  status: answer.status,
  fields: Object.keys((answer.body.error?.data.fieldErrors as Record<string, string> | null) ?? {}),
});
const refusedNaming = (...fields: string[]) => ({ status: 400, fields });
/** A page link as anyone could make one. */
const cursor = (value: unknown, id: unknown = randomUUID()) =>
  Buffer.from(JSON.stringify([value, id])).toString('base64url');
/** The data a call answered with, failing the test when it answered an error. */
function dataOf<T>(answer: TrpcAnswer): T {
  expect(answer.body.error).toBeUndefined();
  return answer.body.result?.data as T;
}
const recordsOf = (answer: TrpcAnswer) => dataOf<{ records: { id: string }[] }>(answer).records;

function upload(token: string, name: string, [kind, field] = ['vehicle', 'insurance_file_id']) {
  return fetch(`${h.baseUrl}/api/files?kind=${kind}&field=${field}&name=${encodeURIComponent(name)}`, {
    method: 'POST',
    headers: { 'content-type': 'application/octet-stream', ...bearer(token) },
    body: PNG,
  });
}
async function uploaded(token: string, name: string, uploadedFor?: [string, string]): Promise<string> {
  const answer = await upload(token, name, uploadedFor);
  expect(answer.status).toBe(201);
  return ((await answer.json()) as { id: string }).id;
}
const filesNamed = async (pattern: string) => {
  const [counted] = await h.database.db.asOwner((tx) =>
    rows<{ n: number }>(
      tx,
      sql`select count(*)::int as n from masters.files where file_name like ${pattern}`,
    ),
  );
  return counted!.n;
};

describe('page links of every list', () => {
  it.each<[string, Record<string, unknown>, string[]]>([
    // A text sort: any text is a key, but not a number, null, NUL, or an id that is no UUID.
    [
      'masters.vehicle.list',
      { sortBy: 'vehicle_no' },
      [cursor(5), cursor(null), cursor('MH\u0000'), cursor('MH', 'abc')],
    ],
    [
      'masters.driver.list',
      { sortBy: 'user_record_id' },
      [cursor('garbage'), cursor('1.5'), cursor('99999999999')],
    ],
    ['masters.rate_card.list', { sortBy: 'contract_start' }, [cursor('garbage'), cursor('2030-02-30')]],
    ['masters.vehicle.list', { sortBy: 'created_at' }, [cursor('garbage'), cursor('2030-01-01')]],
    ['masters.city.list', {}, [cursor('Pune', "mh-pune' or '1'='1"), cursor(7, 'mh-pune')]],
    ['employee.list', { sortBy: 'name' }, [cursor('x', 'abc'), cursor(5)]],
    ['employee.list', { sortBy: 'created_at' }, [cursor('garbage'), cursor('x', 'abc')]],
    ['permissionProfile.list', { sortBy: 'name' }, [cursor('x', 'abc')]],
    ['permissionProfile.list', { sortBy: 'created_at' }, [cursor('garbage')]],
    ['audit.list', {}, [cursor('garbage'), cursor('x', 'abc')]],
    ['booking.list', { tab: 'all', sortBy: 'start_date' }, [cursor('garbage'), cursor('2030-01-01', 'abc')]],
    ['booking.list', { tab: 'all', sortBy: 'created_at' }, [cursor('garbage')]],
    ['booking.list', { tab: 'all', sortBy: 'reporting_date' }, [cursor('2030-01-01')]],
    ['masters.vehicle.list', {}, ['not-a-cursor', cursor('only one').slice(0, 5)]],
  ])('%s %j refuses a made-up page link with a 400 on cursor', async (path, input, cursors) => {
    for (const made of cursors) {
      const answer = await query(path, { ...input, cursor: made });
      expect({ made, ...refusal(answer) }).toEqual({ made, ...refusedNaming('cursor') });
      expect(answer.body.error?.message).toBe(
        'This page link is no longer valid; reload the list from the start.',
      );
    }
  });
});

describe('ids', () => {
  it.each<[string, 'query' | 'mutate', Record<string, unknown>, string]>([
    ['masters.vehicle.list', 'query', { ids: ['abc'] }, 'ids.0'],
    ['masters.vehicle.get', 'query', { id: 'abc' }, 'id'],
    ['masters.vehicle_group.update', 'mutate', { id: "x' or '1'='1", values: { name: 'A' } }, 'id'],
    ['masters.vehicle_group.setActive', 'mutate', { id: 'abc', isActive: false }, 'id'],
    ['masters.vehicle.create', 'mutate', { values: { vehicle_group_id: 'abc' } }, 'values.vehicle_group_id'],
    [
      'masters.customer.create',
      'mutate',
      { values: { name: 'Acme', label_ids: ['abc'] } },
      'values.label_ids.0',
    ],
    ['employee.get', 'query', { userId: 'abc' }, 'userId'],
    ['employee.list', 'query', { permissionProfileIds: [randomUUID(), 'abc'] }, 'permissionProfileIds.1'],
    [
      'employee.create',
      'mutate',
      { name: 'Asha', phone: freshPhone(), permissionProfileId: 'abc' },
      'permissionProfileId',
    ],
    ['permissionProfile.get', 'query', { id: 'abc' }, 'id'],
    ['permissionProfile.setActive', 'mutate', { id: 'abc', isActive: false }, 'id'],
    ['masquerade.start', 'mutate', { userId: '-'.repeat(36) }, 'userId'],
  ])('%s refuses an id that is no id with a 400 naming it', async (path, kind, input, field) => {
    const answer = await (kind === 'query' ? query(path, input) : mutate(path, input));
    expect(refusal(answer).status).toBe(400);
    expect(refusal(answer).fields).toContain(field);
  });

  it('refuses a file id that is no id, and takes a city by its code', async () => {
    const file = await fetch(`${h.baseUrl}/api/files/abc'`, { headers: asOwner() });
    expect(file.status).toBe(400);
    expect(((await file.json()) as { error: { fieldErrors: unknown } }).error.fieldErrors).toEqual({
      id: 'This is not a valid id; choose the record from the list.',
    });
    expect((await query('masters.city.get', { id: 'mh-pune' })).status).toBe(200);
    expect(recordsOf(await query('masters.city.list', { ids: ['mh-pune'] })).map((c) => c.id)).toEqual([
      'mh-pune',
    ]);
  });
});

describe('the NUL character', () => {
  it.each<[string, string, Record<string, unknown>, string, () => Promise<unknown[]>]>([
    [
      'a master’s name',
      'masters.vehicle_group.create',
      { values: { name: 'Se\u0000dan' } },
      'values.name',
      async () => recordsOf(await query('masters.vehicle_group.list', { active: 'all', search: 'Se' })),
    ],
    [
      'a label',
      'masters.label.create',
      { values: { name: 'Gold\u0000', colour: 'red' } },
      'values.name',
      async () => recordsOf(await query('masters.label.list', { active: 'all' })),
    ],
    [
      'an employee’s name',
      'employee.create',
      { name: 'Ra\u0000vi', phone: freshPhone() },
      'name',
      async () =>
        dataOf<{ employees: unknown[] }>(await query('employee.list', { active: 'all', search: 'Ra' }))
          .employees,
    ],
    [
      'a profile’s name',
      'permissionProfile.create',
      { name: 'Night\u0000desk', permissions: [] },
      'name',
      async () =>
        dataOf<{ profiles: unknown[] }>(await query('permissionProfile.list', { active: 'all' })).profiles,
    ],
  ])(
    'in %s is refused with a 400 naming the field, and nothing is saved',
    async (_what, path, input, field, saved) => {
      const answer = await mutate(path, input);
      expect(refusal(answer)).toEqual(refusedNaming(field));
      expect(answer.body.error?.data.fieldErrors).toEqual({ [field]: NUL_MESSAGE });
      expect(await saved()).toEqual([]);
    },
  );

  it('in a search, a filter’s key and any procedure’s input is refused the same way', async () => {
    expect(refusal(await query('masters.vehicle.list', { search: 'in\u0000nova' }))).toEqual(
      refusedNaming('search'),
    );
    expect(refusal(await query('employee.list', { search: '\u0000' }))).toEqual(refusedNaming('search'));
    expect(refusal(await query('masters.vehicle.list', { filters: { 'fuel\u0000': ['DIESEL'] } }))).toEqual(
      refusedNaming('filters.fuel\u0000'),
    );
    // A public procedure too: the one walk covers every procedure, before its own parser.
    expect(refusal(await h.mutate('auth.requestOtp', { phone: '+91\u00009800000001' }))).toEqual(
      refusedNaming('phone'),
    );
  });

  it('in an upload’s file name is refused with a 400 naming it, and nothing is stored', async () => {
    const answer = await upload(ownerToken, 'scan\u0000.png');
    expect(answer.status).toBe(400);
    expect(((await answer.json()) as { error: { fieldErrors: unknown } }).error.fieldErrors).toEqual({
      name: NUL_MESSAGE,
    });
    expect(await filesNamed('scan%')).toBe(0);
  });
});

describe('whole numbers and amounts', () => {
  it.each([[true], [[5]], ['0x10'], ['1e1'], [{ n: 5 }]])('a whole number is not %j', async (seats) => {
    const answer = await mutate('masters.vehicle_group.create', {
      values: { name: 'Tempo', seating_capacity: seats },
    });
    expect(refusal(answer)).toEqual(refusedNaming('values.seating_capacity'));
    expect(recordsOf(await query('masters.vehicle_group.list', { search: 'Tempo' }))).toEqual([]);
  });

  it.each([['0x10'], ['1e3'], [true], [['5']], [5]])('an amount is not %j', async (percentage) => {
    const answer = await mutate('masters.tax.create', { values: { name: 'Cess', percentage } });
    expect(refusal(answer)).toEqual(refusedNaming('values.percentage'));
  });

  it('an amount sent as a Decimal is plain decimal text too, not hex or an exponent', async () => {
    for (const trick of ['0x10', '1e1', 'NaN']) {
      const answer = await fetch(`${h.baseUrl}/api/trpc/masters.tax.create`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...asOwner() },
        body: JSON.stringify({
          json: { values: { name: 'Cess', percentage: trick } },
          meta: { values: { 'values.percentage': [['custom', 'decimal.js']] }, v: 1 },
        }),
      });
      expect(answer.status).toBe(400);
      const { error } = (await answer.json()) as { error: { json: { data: { fieldErrors: unknown } } } };
      expect(error.json.data.fieldErrors).toEqual({
        'values.percentage': 'Enter the amount as plain decimal text, e.g. 1250.50.',
      });
    }
    expect(recordsOf(await query('masters.tax.list', { search: 'Cess' }))).toEqual([]);
    // Typed as a person types it, it is saved.
    const saved = await mutate('masters.vehicle_group.create', {
      values: { name: 'Tempo', seating_capacity: '12' },
    });
    expect(saved.status).toBe(200);
  });
});

describe('a request that cannot be read', () => {
  const post = (body: string) =>
    fetch(`${h.baseUrl}/api/trpc/masters.vehicle_group.create`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...asOwner() },
      body,
    });
  const answerOf = async (response: Response) => {
    const text = await response.text();
    const { error } = JSON.parse(text) as { error: { json: { message: string; data: { reason: string } } } };
    return { status: response.status, text, message: error.json.message, reason: error.json.data.reason };
  };

  it('is answered in our words, and the parser’s own are only logged', async () => {
    const requestId = `req-unreadable-${randomUUID().slice(0, 8)}`;
    const answer = await answerOf(
      await fetch(`${h.baseUrl}/api/trpc/masters.vehicle_group.create`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-request-id': requestId, ...asOwner() },
        body: '{"json": {"values": ',
      }),
    );
    expect(answer).toMatchObject({
      status: 400,
      message: 'The request could not be read.',
      reason: 'UNREADABLE_REQUEST',
    });
    expect(answer.text).not.toMatch(/SyntaxError|Unexpected|position|token/i);
    expect(
      h.logs.some((line) => line.requestId === requestId && line.msg === 'a request could not be read'),
    ).toBe(true);
    const asQuery = await fetch(`${h.baseUrl}/api/trpc/masters.vehicle.list?input=%7Bnope`, {
      headers: asOwner(),
    });
    expect(await answerOf(asQuery)).toMatchObject({ status: 400, message: 'The request could not be read.' });
  });

  it('is refused plainly however deep it nests, never with the stack’s own words', async () => {
    // Deep enough to exhaust any stack, and inside the 1 MB a request may have.
    const depth = 100_000;
    for (const body of [
      `{"json":{"values":{"name":"A"}},"meta":{"v":1,"values":${'{"a":'.repeat(depth)}["Date"]${'}'.repeat(depth)}}}`,
      `{"json":${'['.repeat(depth)}${']'.repeat(depth)}}`,
      `{"json":{"values":${'{"name":'.repeat(40)}"A"${'}'.repeat(40)}}}`,
    ]) {
      const answer = await answerOf(await post(body));
      expect(answer).toMatchObject({ status: 400, message: 'The request nests more than 32 levels deep.' });
      expect(answer.text).not.toMatch(/call stack|RangeError/i);
    }
  });
});

describe('a master’s file field', () => {
  let groupId: string;
  const vehicles = async () => recordsOf(await query('masters.vehicle.list', { active: 'all' }));
  const withInsurance = (insurance: string) =>
    mutate('masters.vehicle.create', {
      values: {
        vehicle_no: 'MH12AB1234',
        vehicle_model: 'Dzire',
        vehicle_group_id: groupId,
        vehicle_fuel_type: 'DIESEL',
        insurance_file_id: insurance,
      },
    });

  beforeAll(async () => {
    const group = await mutate('masters.vehicle_group.create', { values: { name: 'Sedan' } });
    groupId = dataOf<{ id: string }>(group).id;
  });

  it.each<[string, () => Promise<string>]>([
    ['another operator’s file', () => uploaded(otherToken, 'theirs.png')],
    ['an id no file has', async () => randomUUID()],
    [
      'a file uploaded for another field',
      () => uploaded(ownerToken, 'permit.png', ['vehicle', 'permit_file_id']),
    ],
    [
      'a file uploaded for another master',
      () => uploaded(ownerToken, 'dl.png', ['driver', 'licence_file_id']),
    ],
  ])('refuses %s with a 400 naming the field, saving nothing', async (_what, fileId) => {
    const answer = await withInsurance(await fileId());
    expect(refusal(answer)).toEqual(refusedNaming('insurance_file_id'));
    expect(answer.body.error?.message).toBe('Upload the file again.');
    expect(await vehicles()).toEqual([]);
  });

  it('takes the operator’s file uploaded for that very field', async () => {
    const insurance = await uploaded(ownerToken, 'insurance.png');
    const answer = await withInsurance(insurance);
    expect(answer.status).toBe(200);
    expect(dataOf<{ values: { insurance_file_id: string } }>(answer).values.insurance_file_id).toBe(
      insurance,
    );
  });
});

describe('an upload’s name', () => {
  it('is kept and shown without control and format characters, bidi overrides included', async () => {
    const answer = await upload(ownerToken, 'invoice\u202Egnp.exe\u2066.png\u0007');
    expect(answer.status).toBe(201);
    const file = (await answer.json()) as { id: string; fileName: string };
    expect(file.fileName).toBe('invoicegnp.exe.png');
    const read = await fetch(`${h.baseUrl}/api/files/${file.id}`, { headers: asOwner() });
    expect(read.headers.get('content-disposition')).toBe(`inline; filename*=UTF-8''invoicegnp.exe.png`);
  });

  it('keeps the letters of any script', async () => {
    const answer = await upload(ownerToken, 'रमेश का बीमा.png');
    expect(((await answer.json()) as { fileName: string }).fileName).toBe('रमेश का बीमा.png');
  });
});

// Last: it takes the database away.
describe('a failure of ours, outside production', () => {
  it('answers 500 without a stack or a file path; the log keeps them', async () => {
    expect(h.config.NODE_ENV).not.toBe('production');
    await h.database.db.close();
    const requestId = `req-down-${randomUUID().slice(0, 8)}`;
    const answer = await h.query('user.me', undefined, { ...asOwner(), 'x-request-id': requestId });
    expect(answer.status).toBe(500);
    expect(answer.body.error?.data).not.toHaveProperty('stack');
    expect(JSON.stringify(answer.body)).not.toMatch(/\.ts:|\/src\/|node_modules|at [A-Za-z.]+ \(/);
    expect(h.logs.some((line) => line.requestId === requestId && line.level === 50)).toBe(true);
  });
});
