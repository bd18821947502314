// Every billing procedure — invoices, receipts, notes, purchases, payments to suppliers, petty cash,
// fuel and vehicle expenses — called over HTTP by someone without the permission it declares is refused
// FORBIDDEN before its input is read. The procedures are read from the router itself, so one added
// later is covered without a line here.
import { isPermissionId, PERMISSIONS } from '@fleet/domain';
import { listProcedures } from '@fleet/gateway';
import { bearer, bootGateway, freshPhone, type GatewayHarness } from './support';

/** The permission models of billing (spec §6 groups). */
const BILLING_MODELS = new Set([
  'Invoice',
  'Receipt',
  'Credit And Debit Note',
  'Purchase',
  'Purchase Duty',
  'Purchase Payment',
  'Petty Cash',
  'Vehicle Expense',
  'Vehicle Fuel',
]);
const modelOf = new Map(PERMISSIONS.map((p) => [p.readableId, p.model]));

const billingProcedures = listProcedures().flatMap(([path, def]) => {
  const permission = def.permission;
  return typeof permission === 'string' &&
    isPermissionId(permission) &&
    BILLING_MODELS.has(modelOf.get(permission) ?? '')
    ? [{ path, type: def.type, permission }]
    : [];
});

let h: GatewayHarness;
let clerkToken: string;

beforeAll(async () => {
  h = await bootGateway();
  const { token: ownerToken } = await h.signIn(freshPhone(), { operatorName: 'Fenced Books' });
  const owner = h.client(() => bearer(ownerToken));
  // Someone with a real job elsewhere in the product, and no billing permission at all.
  const profile = await owner.permissionProfile.create.mutate({
    name: 'Fleet clerk',
    permissions: ['view_vehicle', 'manage_vehicle'],
  });
  const phone = freshPhone();
  await owner.employee.create.mutate({ name: 'Cal Clerk', phone, permissionProfileId: profile.id });
  ({ token: clerkToken } = await h.signIn(phone));
}, 120_000);
afterAll(() => h?.close());

it('finds the billing procedures on the router', () => {
  expect(billingProcedures.map((p) => p.path)).toEqual(
    expect.arrayContaining([
      'invoice.list',
      'receipt.create',
      'note.cancel',
      'purchaseDuty.list',
      'purchaseDuty.reviewSlips',
    ]),
  );
});

it.each(billingProcedures)('refuses $path to someone without $permission', async ({ path, type }) => {
  const call = type === 'query' ? h.query : h.mutate;
  const answer = await call(path, { id: '00000000-0000-4000-8000-000000000000' }, bearer(clerkToken));
  expect(answer.status).toBe(403);
  expect(answer.body.error?.data.code).toBe('FORBIDDEN');
});
