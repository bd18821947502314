// The primary company (the one invoices, receipts and notes use unless another is chosen) through
// masters' gRPC routes on a real PostgreSQL: managing companies lets one add and edit the others, but
// changing the primary company's information, making a company primary or deactivating the primary needs
// edit_primary_company_information.
import { randomUUID } from 'node:crypto';
import { allPermissionIds } from '@fleet/domain';
import { callAs } from '@fleet/platform';
import { expectDomainError, recordValues } from '@fleet/testing';
import { bootMasters, type MastersHarness } from './support';

let h: MastersHarness;
const T = randomUUID();

beforeAll(async () => {
  h = await bootMasters();
}, 60_000);
afterAll(() => h?.close());

const company = (name: string, isPrimary: boolean) => ({
  name,
  state_id: 'MH',
  address: 'Baner Road, Pune',
  gst_no: '27AAPFU0939F1ZV',
  is_primary: isPrimary,
});
const managerOnly = () =>
  callAs(
    h.callerFor(
      T,
      allPermissionIds().filter((p) => p !== 'edit_primary_company_information'),
    ),
  );
const denied = async (call: Promise<unknown>) =>
  expect((await expectDomainError(call)).code).toBe('PERMISSION_DENIED');

it('lets a manager of companies edit the others, but not the primary company, without its permission', async () => {
  const primary = await h.create(T, 'company', company('Deccan Travels Pvt Ltd', true));
  const sister = await h.create(T, 'company', company('Deccan Tours LLP', false));

  const { record: renamed } = await h.client.updateRecord(
    {
      kind: 'company',
      id: sister.id,
      valuesJson: JSON.stringify(company('Deccan Tours and Travels LLP', false)),
    },
    managerOnly(),
  );
  expect(recordValues(renamed!).name).toBe('Deccan Tours and Travels LLP');

  await denied(
    h.client.updateRecord(
      { kind: 'company', id: primary.id, valuesJson: JSON.stringify(company('Someone Else Pvt Ltd', true)) },
      managerOnly(),
    ),
  );
  // Nor can the primary be moved, made anew, or switched off.
  await denied(
    h.client.updateRecord(
      { kind: 'company', id: sister.id, valuesJson: JSON.stringify(company('Deccan Tours LLP', true)) },
      managerOnly(),
    ),
  );
  await denied(
    h.client.createRecord(
      { kind: 'company', valuesJson: JSON.stringify(company('New Primary Pvt Ltd', true)) },
      managerOnly(),
    ),
  );
  await denied(h.client.setRecordActive({ kind: 'company', id: primary.id, isActive: false }, managerOnly()));

  // Whoever holds it may.
  const { record: edited } = await h.client.updateRecord(
    {
      kind: 'company',
      id: primary.id,
      valuesJson: JSON.stringify(company('Deccan Travels India Pvt Ltd', true)),
    },
    callAs(h.callerFor(T)),
  );
  expect(recordValues(edited!).name).toBe('Deccan Travels India Pvt Ltd');
});
