// Who sees and changes which rate cards, through masters' gRPC routes on a real PostgreSQL: the Pricing
// screen is view_pricing's (and manage_pricing's to change anything on it), and on it customer rate cards
// are view/manage_customer_pricing's, supplier rate cards view/manage_supplier_pricing's.
import { randomUUID } from 'node:crypto';
import { allPermissionIds } from '@fleet/domain';
import { callAs } from '@fleet/platform';
import { expectDomainError, recordValues } from '@fleet/testing';
import { bootMasters, type MastersHarness, pageRecords } from './support';

let h: MastersHarness;
const T = randomUUID();
let customerId: string;
let supplierId: string;
let dutyTypeId: string;
let groupId: string;

beforeAll(async () => {
  h = await bootMasters();
  customerId = (await h.create(T, 'customer', { name: 'Harbour Logistics' })).id;
  supplierId = (await h.create(T, 'supplier', { name: 'Rao Cabs', supplier_type: 'DCO' })).id;
  dutyTypeId = (await h.create(T, 'duty_type', { name: '8 hr 80 km', type: 'HR_KM', max_km: 80, max_hr: 8 }))
    .id;
  groupId = (await h.create(T, 'vehicle_group', { name: 'Sedan' })).id;
}, 60_000);
afterAll(() => h?.close());

const card = (party: 'CUSTOMER' | 'SUPPLIER', name: string) => ({
  name,
  party,
  ...(party === 'CUSTOMER' ? { customer_id: customerId } : { supplier_id: supplierId }),
  duty_type_id: dutyTypeId,
  vehicle_group_id: groupId,
  contract_start: '2026-04-01',
  contract_end: '2027-03-31',
  normal_rate: '2500.00',
});
const holding = (...permissions: string[]) =>
  callAs(h.callerFor(T, ['view_pricing', 'manage_pricing', ...permissions]));
const denied = async (call: Promise<unknown>) =>
  expect((await expectDomainError(call)).code).toBe('PERMISSION_DENIED');
const names = async (caller: ReturnType<typeof holding>) =>
  pageRecords('rate_card', await h.client.listRecords({ kind: 'rate_card' }, caller))
    .map((r) => r.values.name)
    .sort();

it('shows and changes customer cards to customer pricing, supplier cards to supplier pricing', async () => {
  const owner = callAs(h.callerFor(T, allPermissionIds()));
  const customerCard = (
    await h.client.createRecord(
      { kind: 'rate_card', valuesJson: JSON.stringify(card('CUSTOMER', 'Harbour 2026-27')) },
      owner,
    )
  ).record!;
  const supplierCard = (
    await h.client.createRecord(
      { kind: 'rate_card', valuesJson: JSON.stringify(card('SUPPLIER', 'Rao 2026-27')) },
      owner,
    )
  ).record!;

  const sales = holding('view_customer_pricing', 'manage_customer_pricing');
  const purchase = holding('view_supplier_pricing');
  expect(await names(sales)).toEqual(['Harbour 2026-27']);
  expect(await names(purchase)).toEqual(['Rao 2026-27']);
  expect(await names(owner)).toEqual(['Harbour 2026-27', 'Rao 2026-27']);
  await denied(h.client.listRecords({ kind: 'rate_card' }, holding()));
  await denied(h.client.getRecord({ kind: 'rate_card', id: supplierCard.id }, sales));
  expect(
    recordValues((await h.client.getRecord({ kind: 'rate_card', id: supplierCard.id }, purchase)).record!)
      .name,
  ).toBe('Rao 2026-27');

  // Changing: customer pricing changes customer cards only; seeing supplier cards is not managing them.
  const renamed = await h.client.updateRecord(
    { kind: 'rate_card', id: customerCard.id, valuesJson: JSON.stringify(card('CUSTOMER', 'Harbour FY27')) },
    sales,
  );
  expect(recordValues(renamed.record!).name).toBe('Harbour FY27');
  await denied(
    h.client.createRecord(
      { kind: 'rate_card', valuesJson: JSON.stringify(card('SUPPLIER', 'Rao II')) },
      sales,
    ),
  );
  await denied(
    h.client.updateRecord(
      { kind: 'rate_card', id: supplierCard.id, valuesJson: JSON.stringify(card('SUPPLIER', 'Rao FY27')) },
      purchase,
    ),
  );
  await denied(h.client.setRecordActive({ kind: 'rate_card', id: supplierCard.id, isActive: false }, sales));
  // Turning a customer's card into a supplier's needs both.
  await denied(
    h.client.updateRecord(
      { kind: 'rate_card', id: customerCard.id, valuesJson: JSON.stringify(card('SUPPLIER', 'Moved')) },
      holding('view_supplier_pricing', 'manage_supplier_pricing'),
    ),
  );
});
