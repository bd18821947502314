import { randomUUID } from 'node:crypto';
import { bookingDraftSchema } from './booking-draft';
import {
  type CustomFieldShape,
  customFieldChoices,
  customFieldValueProblem,
  missingRequiredFields,
} from './custom-field-entries';

const field = (more: Partial<CustomFieldShape> = {}): CustomFieldShape => ({
  id: randomUUID(),
  name: 'Cost centre',
  type: 'TEXT',
  options: '',
  isRequired: false,
  ...more,
});

describe('a booking’s custom field entries', () => {
  it('reads a choice field’s choices as the master keeps them, comma-separated', () => {
    expect(customFieldChoices(' Sales, Finance ,,Sales, HR ')).toEqual(['Sales', 'Finance', 'HR']);
    expect(customFieldChoices('')).toEqual([]);
  });

  it('takes any text for a text field and only a listed choice for a choice field', () => {
    expect(customFieldValueProblem(field(), 'CC-1042')).toBeUndefined();
    const department = field({ name: 'Department', type: 'SELECT', options: 'Sales, Finance' });
    expect(customFieldValueProblem(department, 'Finance')).toBeUndefined();
    expect(customFieldValueProblem(department, 'finance')).toBe('Choose one of: Sales, Finance.');
    expect(customFieldValueProblem({ ...department, options: ' , ' }, 'Sales')).toBe(
      'Department has no choices yet; add them to the custom field first.',
    );
  });

  it('names the required fields left out or blank, in the order the operator keeps them', () => {
    const costCentre = field({ isRequired: true });
    const employeeCode = field({ name: 'Employee code', isRequired: true });
    const note = field({ name: 'Note' });
    const entries = [
      { customFieldId: costCentre.id, value: 'CC-1' },
      { customFieldId: employeeCode.id, value: '' },
    ];
    expect(missingRequiredFields([costCentre, note, employeeCode], entries)).toEqual([employeeCode]);
  });

  it('refuses the same field filled in twice on one booking', () => {
    const id = randomUUID();
    const parsed = bookingDraftSchema.safeParse({
      customerId: randomUUID(),
      passengers: [{ name: 'Asha Rao' }],
      fromCityId: 'mh-pune',
      vehicleGroupId: randomUUID(),
      dutyTypeId: randomUUID(),
      reportingDate: '2026-12-01',
      reportingTime: '07:30',
      reportingAddress: 'Hinjewadi Phase 1, Pune',
      customFields: [
        { customFieldId: id, value: 'A' },
        { customFieldId: id, value: 'B' },
      ],
    });
    expect(parsed.success ? [] : parsed.error.issues.map((i) => i.path.join('.'))).toEqual([
      'customFields.1.customFieldId',
    ]);
  });
});
