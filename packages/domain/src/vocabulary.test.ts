import * as vocabulary from './vocabulary';

const lists: [string, readonly unknown[]][] = [];
for (const [name, value] of Object.entries(vocabulary) as [string, unknown][]) {
  if (Array.isArray(value)) lists.push([name, value]);
}

describe('vocabulary', () => {
  it.each(lists)('%s has no duplicates', (_name, values) => {
    expect(values.length).toBeGreaterThan(0);
    expect(new Set(values).size).toBe(values.length);
  });

  it('keeps the spellings the product stores', () => {
    expect(vocabulary.GENDERS).toEqual(['MALE', 'FEAMLE', 'OTHER']);
    expect(vocabulary.TAX_TYPES).toContain('UNREGISTRED');
    expect(vocabulary.DRIVER_VERIFICATION_STATUSES).toContain('UNREGISTRED');
    expect(vocabulary.BOOKING_STATUSES).toContain('ALLOTED');
  });

  it('has the 22 booking statuses of spec §4', () => {
    expect(vocabulary.BOOKING_STATUSES).toHaveLength(22);
  });

  it('labels every duty type kind', () => {
    expect(Object.keys(vocabulary.DUTY_TYPE_KIND_LABELS)).toEqual([...vocabulary.DUTY_TYPE_KINDS]);
  });

  it('extends the sales invoice item types for purchases', () => {
    expect(vocabulary.PURCHASE_INVOICE_ITEM_TYPES).toEqual(
      expect.arrayContaining([...vocabulary.INVOICE_ITEM_TYPES]),
    );
    expect(vocabulary.PURCHASE_INVOICE_ITEM_TYPES.slice(-3)).toEqual([
      'CAR_HIRE_CHARGES',
      'BILLING_ITEM',
      'TDS',
    ]);
  });
});
