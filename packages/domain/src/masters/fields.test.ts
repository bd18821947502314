// The field kinds masters are declared with, as the form, the gateway and the fleet service all validate
// them: what a person may type in each, what is stored (capitals, no spaces, money with exactly two
// places, empty as null, references without repeats, rows filled out), the message shown for each
// mistake, and the column each kind is kept in.
import Decimal from 'decimal.js';
import fc from 'fast-check';
import { EMAIL_MESSAGE } from '../validation/email';
import { GSTIN_CHECKSUM_MESSAGE } from '../validation/gstin';
import { NO_SUCH_DATE_MESSAGE } from '../validation/iso-date';
import { PAN_MESSAGE } from '../validation/pan';
import { PHONE_MESSAGE } from '../validation/phone';
import { columnType, type Field, f, fieldSchema, objectOf } from './fields';
import { driverMaster, rateCardMaster, vehicleMaster } from './index';
import { masterSchema } from './master';

/** What the field stores for this input, or the messages it refuses it with. */
function parse(field: Field, input: unknown): { value?: unknown; errors?: string[] } {
  const result = fieldSchema(field).safeParse(input);
  return result.success ? { value: result.data } : { errors: result.error.issues.map((i) => i.message) };
}
const stored = (field: Field, input: unknown) => {
  const result = parse(field, input);
  if (result.errors) throw new Error(`refused ${JSON.stringify(input)}: ${result.errors.join('; ')}`);
  return result.value;
};
const refusal = (field: Field, input: unknown) => {
  const result = parse(field, input);
  if (!result.errors) throw new Error(`accepted ${JSON.stringify(input)} as ${JSON.stringify(result.value)}`);
  return result.errors;
};

const vehicleNo = vehicleMaster.fields.vehicle_no;
const GROUP = '3f0c9a52-51a4-4c6c-9d0e-1f2a3b4c5d6e';
const OTHER_GROUP = '7a1d0b63-62b5-4d7d-8e1f-203b4c5d6e7f';

describe('text', () => {
  it('is trimmed, and kept as typed unless the field says otherwise', () => {
    expect(stored(f.text('Colour'), '  Pearl white ')).toBe('Pearl white');
    expect(stored(f.text('Licence', { upper: true }), 'mh14 2011')).toBe('MH14 2011');
  });

  it('compacts registration numbers to capitals without spaces or dashes', () => {
    for (const typed of ['MH 12 AB-1234', 'mh12ab1234', ' mh-12-ab 1234 ', 'Mh 12 aB - 1234']) {
      expect(stored(vehicleNo, typed)).toBe('MH12AB1234');
    }
  });

  it('compacts any spacing of letters and digits to the same number (property)', () => {
    const char = fc.constantFrom(...'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789');
    const separator = fc.constantFrom('', ' ', '-', ' - ', '  ', '--');
    fc.assert(
      fc.property(fc.array(fc.tuple(char, separator), { minLength: 6, maxLength: 12 }), (parts) => {
        const typed = parts.map(([c, s]) => c + s).join('');
        const bare = parts.map(([c]) => c).join('');
        expect(stored(vehicleNo, typed)).toBe(bare.toUpperCase());
      }),
    );
  });

  it('checks the pattern and length on the stored form, with the field’s own message', () => {
    expect(refusal(vehicleNo, 'MH12AB1234X99')).toContain('Use at most 12 characters.');
    expect(refusal(vehicleNo, 'MH/12/1234')).toEqual([
      'Enter the registration number without spaces or dashes, e.g. MH12AB1234',
    ]);
    expect(refusal(f.text('Name', { max: 5 }), 'Sixsix')).toEqual(['Use at most 5 characters.']);
  });

  it('asks for a required text by name, whether it is missing, empty or spaces', () => {
    for (const input of [undefined, null, '', '   ']) {
      expect(refusal(vehicleNo, input)).toEqual(['Enter the vehicle number.']);
    }
  });

  it('refuses the NUL character anywhere in a text', () => {
    expect(refusal(f.text('Colour'), 'white\u0000')).toEqual([
      'Remove the NUL character (U+0000); it cannot be stored.',
    ]);
    expect(refusal(f.note('Notes'), 'a\u0000b')).toHaveLength(1);
  });

  it('stores an optional text left empty (or only spaces) as null', () => {
    for (const input of [undefined, null, '', '   ']) expect(stored(f.text('Colour'), input)).toBeNull();
  });
});

describe('identifiers', () => {
  it('keeps phone numbers with country code and refuses others', () => {
    expect(stored(f.phone('Mobile'), ' +919876543210 ')).toBe('+919876543210');
    expect(refusal(f.phone('Mobile'), '98765')).toEqual([PHONE_MESSAGE]);
    expect(refusal(f.phone('Mobile', { required: true }), '')).toEqual(['Enter the mobile.']);
  });

  it('keeps email addresses and refuses malformed ones', () => {
    expect(stored(f.email('Email'), 'ravi@alpha.example')).toBe('ravi@alpha.example');
    expect(refusal(f.email('Email'), 'ravi@alpha')).toEqual([EMAIL_MESSAGE]);
  });

  it('stores GSTIN, PAN and IFSC in capitals, checking each', () => {
    expect(stored(f.gstin(), ' 27aapfu0939f1zv ')).toBe('27AAPFU0939F1ZV');
    expect(refusal(f.gstin(), '27AAPFU0939F1ZW')).toEqual([GSTIN_CHECKSUM_MESSAGE]);
    expect(stored(f.pan(), 'aapfu0939f')).toBe('AAPFU0939F');
    expect(refusal(f.pan(), 'AAPFU0939')).toEqual([PAN_MESSAGE]);
    expect(stored(f.ifsc(), 'hdfc0001234')).toBe('HDFC0001234');
    expect(refusal(f.ifsc(), 'HDFC1001234')[0]).toMatch(/fifth character is always 0/);
  });

  it('takes real calendar dates and quarter-hour times', () => {
    expect(stored(f.date('Valid until'), '2028-02-29')).toBe('2028-02-29');
    expect(refusal(f.date('Valid until'), '2027-02-29')).toEqual([NO_SUCH_DATE_MESSAGE]);
    expect(refusal(f.date('Valid until', { required: true }), '')).toEqual(['Choose the valid until.']);
    expect(stored(f.time('Night after'), '22:45')).toBe('22:45');
    expect(refusal(f.time('Night after'), '22:40')).toEqual([
      'Choose a time on the quarter hour, e.g. 06:30',
    ]);
    expect(refusal(f.time('Night after'), '24:00')).toHaveLength(1);
  });

  it('takes an uploaded file’s id only', () => {
    const id = '0b7f8a52-51a4-4c6c-9d0e-1f2a3b4c5d6e';
    expect(stored(f.file('Insurance copy'), id)).toBe(id);
    expect(refusal(f.file('Insurance copy'), 'insurance.pdf')).toEqual(['Upload the file again.']);
  });
});

describe('money, rates and percentages', () => {
  const money = f.money('EMI');
  const digits = (min: number, max: number) =>
    fc.array(fc.constantFrom(...'0123456789'), { minLength: min, maxLength: max }).map((d) => d.join(''));
  /** Up to 12 whole digits (no needless leading zeros) and 0 to `places` decimals, as typed. */
  const amount = (places: number) =>
    fc
      .tuple(fc.bigInt({ min: 0n, max: 999_999_999_999n }), digits(0, places))
      .map(([whole, fraction]) => (fraction ? `${whole}.${fraction}` : `${whole}`));

  it('round-trips any amount with at most 2 places to the same value with exactly 2 (property)', () => {
    fc.assert(
      fc.property(amount(2), (typed) => {
        const kept = stored(money, typed) as string;
        expect(kept).toMatch(/^\d{1,12}\.\d{2}$/);
        expect(new Decimal(kept).eq(new Decimal(typed))).toBe(true);
        // …and storing what was stored changes nothing.
        expect(stored(money, kept)).toBe(kept);
      }),
    );
  });

  it('reads thousands separators the way they are typed in India and abroad (property)', () => {
    const indian = (whole: string) => {
      if (whole.length <= 3) return whole;
      const head = whole.slice(0, -3).replace(/\B(?=(\d{2})+(?!\d))/g, ',');
      return `${head},${whole.slice(-3)}`;
    };
    const western = (whole: string) => whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: 999_999_999_999n }), digits(0, 2), (whole, fraction) => {
        const plain = fraction ? `${whole}.${fraction}` : `${whole}`;
        const suffix = fraction ? `.${fraction}` : '';
        expect(stored(money, indian(`${whole}`) + suffix)).toBe(stored(money, plain));
        expect(stored(money, western(`${whole}`) + suffix)).toBe(stored(money, plain));
      }),
    );
    expect(stored(money, '12,500.5')).toBe('12500.50');
    expect(stored(money, '1,25,000')).toBe('125000.00');
  });

  it('refuses a third decimal place that is not zero (property)', () => {
    fc.assert(
      fc.property(amount(2), fc.constantFrom(...'123456789'), (typed, third) => {
        const [whole, fraction = ''] = typed.split('.');
        const withThird = `${whole}.${fraction.padEnd(2, '0')}${third}`;
        expect(refusal(money, withThird)).toEqual(['Use at most 2 decimal places.']);
      }),
    );
  });

  it('keeps money exact where a JavaScript number would not', () => {
    expect(stored(money, '999999999999.99')).toBe('999999999999.99');
    expect(stored(money, '0.1')).toBe('0.10');
    expect(stored(money, new Decimal('1234.5'))).toBe('1234.50');
    expect(stored(money, '  850 ')).toBe('850.00');
  });

  it('refuses amounts out of range or not numbers, with the field’s label', () => {
    expect(refusal(money, '1000000000000')).toEqual(['Enter a value from 0 to 999999999999.99.']);
    expect(refusal(money, '-1')).toEqual(['Enter a value from 0 to 999999999999.99.']);
    expect(refusal(money, '12,500.5 INR')).toEqual(['Enter emi as a number, e.g. 1250.50']);
    expect(refusal(money, '1e5')).toEqual(['Enter emi as a number, e.g. 1250.50']);
    expect(refusal(f.money('EMI', { required: true }), '')).toEqual(['Enter the emi.']);
  });

  it('takes an amount only as decimal text or a Decimal, never hex, an exponent, a flag, a list or a number', () => {
    for (const trick of ['0x10', '0b11', '1E3', 'Infinity', 'NaN', '+5', '.5', '5.']) {
      expect(refusal(money, trick)).toEqual(['Enter emi as a number, e.g. 1250.50']);
    }
    for (const notText of [true, ['5'], 5, { amount: '5' }]) expect(refusal(money, notText)).toHaveLength(1);
    expect(refusal(money, new Decimal('NaN'))).toEqual(['Enter emi as a number, e.g. 1250.50']);
    expect(stored(money, new Decimal('10'))).toBe('10.00');
  });

  it('keeps rates to 4 places and percentages from 0 to 100 with 2', () => {
    const rate = f.rate('Extra km rate');
    expect(stored(rate, '14.125')).toBe('14.1250');
    expect(refusal(rate, '14.12345')).toEqual(['Use at most 4 decimal places.']);
    const percent = f.percent('TDS %');
    expect(stored(percent, '2')).toBe('2.00');
    expect(stored(percent, '100')).toBe('100.00');
    expect(refusal(percent, '100.01')).toEqual(['Enter a value from 0 to 100.']);
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000 }), (hundredths) => {
        const typed = new Decimal(hundredths).div(100).toFixed();
        expect(stored(percent, typed)).toBe(new Decimal(hundredths).div(100).toFixed(2));
      }),
    );
  });

  it('stores an optional amount left empty as null', () => {
    for (const input of [undefined, null, '', '  ']) expect(stored(money, input)).toBeNull();
  });
});

describe('numbers, flags and choices', () => {
  it('takes whole numbers within the field’s range, typed or as numbers', () => {
    const seats = f.integer('Seats', 1, 80);
    expect(stored(seats, 7)).toBe(7);
    expect(stored(seats, '7')).toBe(7);
    expect(stored(seats, ' +7 ')).toBe(7);
    expect(refusal(seats, 7.5)).toEqual(['Enter a whole number.']);
    expect(refusal(seats, 0)).toEqual(['Enter at least 1.']);
    expect(refusal(seats, 81)).toEqual(['Enter at most 80.']);
    expect(refusal(seats, '-3')).toEqual(['Enter at least 1.']);
    expect(stored(seats, '')).toBeNull();
  });

  it('takes only a number or plain digits as a whole number, never what JavaScript would coerce', () => {
    const seats = f.integer('Seats', 1, 80);
    for (const coercible of [true, [5], ['5'], '0x10', '1e1', '5.0', '5 seats', '0b101', 'Infinity', {}]) {
      expect(refusal(seats, coercible)).toEqual(['Enter a whole number.']);
    }
    expect(refusal(f.integer('Year', 1980, 2100), '9'.repeat(20))).toEqual(['Enter a whole number.']);
  });

  it('gives flags their default when not given', () => {
    expect(stored(f.flag('Contractor'), undefined)).toBe(false);
    expect(stored(f.flag('Available', { default: true }), null)).toBe(true);
    expect(stored(f.flag('Available', { default: true }), false)).toBe(false);
  });

  it('takes one of a choice’s options, naming them by label when refusing', () => {
    const gender = driverMaster.fields.gender;
    expect(stored(gender, 'OTHER')).toBe('OTHER');
    expect(stored(gender, '')).toBeNull();
    expect(refusal(gender, 'UNKNOWN')).toEqual(['Choose one of Male, Female, Other.']);
    expect(refusal(vehicleMaster.fields.vehicle_fuel_type, '')).toEqual(['Choose the fuel type.']);
  });

  it('falls back to a choice’s default when left empty, but still refuses a wrong option', () => {
    const rounding = f.choice('Rounding', ['PRO_RATA', 'STEP_15'], { default: 'PRO_RATA' });
    for (const input of [undefined, null, '']) expect(stored(rounding, input)).toBe('PRO_RATA');
    expect(stored(rounding, 'STEP_15')).toBe('STEP_15');
    expect(refusal(rounding, 'STEP_7')).toEqual(['Choose one of PRO_RATA, STEP_15.']);
  });
});

describe('references', () => {
  it('takes a record’s id (a UUID) and asks to choose from the list otherwise', () => {
    const group = vehicleMaster.fields.vehicle_group_id;
    expect(stored(group, GROUP)).toBe(GROUP);
    for (const notAnId of ['not an id!', 'mh-pune', `${GROUP}x`, `${GROUP}\u0000`]) {
      expect(refusal(group, notAnId)).toEqual(['Choose the vehicle group from the list.']);
    }
    // Left empty, a picker asks for its choice as the booking form's do.
    expect(refusal(group, '')).toEqual(['Choose a vehicle group']);
    expect(refusal(group, null)).toEqual(['Choose a vehicle group']);
    expect(refusal(f.ref('Owner', 'supplier', { required: true }), ' ')).toEqual(['Choose an owner']);
    expect(stored(vehicleMaster.fields.supplier_id, '')).toBeNull();
  });

  it('takes a state’s or city’s code for reference data', () => {
    const city = f.ref('City', 'city');
    expect(stored(city, 'mh-pune')).toBe('mh-pune');
    expect(refusal(city, 'mh pune')).toEqual(['Choose the city from the list.']);
    expect(refusal(f.refs('Cities', 'city'), ['mh-pune', 'x\u0000'])).toEqual([
      'Choose cities from the list.',
    ]);
  });

  it('drops repeated ids from a list of references, keeping the first order (property)', () => {
    const labels = f.refs('Labels', 'label');
    const ids = [GROUP, OTHER_GROUP, GROUP.toUpperCase(), '0b7f8a52-51a4-4c6c-9d0e-1f2a3b4c5d6e'];
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...ids), { maxLength: 20 }), (chosen) => {
        const kept = stored(labels, chosen) as string[];
        expect(kept).toEqual(chosen.filter((id, i) => chosen.indexOf(id) === i));
      }),
    );
    expect(stored(labels, null)).toEqual([]);
    expect(refusal(labels, [GROUP, 'not ok'])).toEqual(['Choose labels from the list.']);
    expect(refusal(f.refs('Labels', 'label', { required: true }), [])).toEqual(['Enter the labels.']);
  });
});

describe('rows', () => {
  const accounts = f.rows(
    'Bank accounts',
    'bank account',
    {
      bank_name: f.text('Bank', { required: true, max: 80 }),
      account_no: f.text('Account number', { max: 20, pattern: [/^\d{6,20}$/, 'Enter 6 to 20 digits.'] }),
      ifsc: f.ifsc('IFSC'),
      is_primary: f.flag('Primary'),
    },
    { max: 2 },
  );

  it('fills out each row: fields left out are null, flags their default', () => {
    expect(stored(accounts, [{ bank_name: ' HDFC ', ifsc: 'hdfc0001234', extra: 'dropped' }])).toEqual([
      { bank_name: 'HDFC', account_no: null, ifsc: 'HDFC0001234', is_primary: false },
    ]);
    expect(stored(accounts, null)).toEqual([]);
    expect(stored(accounts, undefined)).toEqual([]);
  });

  it('names the row and field of each mistake', () => {
    const result = fieldSchema(accounts).safeParse([
      { bank_name: 'HDFC', account_no: '123456' },
      { bank_name: '', account_no: '12' },
    ]);
    expect(result.success).toBe(false);
    expect(result.error!.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['1.bank_name', 'Enter the bank.'],
      ['1.account_no', 'Enter 6 to 20 digits.'],
    ]);
  });

  it('limits the number of rows, and asks for one when required', () => {
    const row = { bank_name: 'HDFC' };
    expect(refusal(accounts, [row, row, row])).toEqual(['Add at most 2 bank accounts.']);
    const questions = f.rows(
      'Questions',
      'question',
      { label: f.text('Question', { required: true }) },
      {
        required: true,
      },
    );
    expect(refusal(questions, [])).toEqual(['Add at least one question.']);
  });
});

describe('a whole record', () => {
  it('reads missing fields as empty, drops unknown keys, and names every problem', () => {
    const schema = objectOf(vehicleMaster.fields);
    const ok = schema.parse({
      vehicle_no: 'mh 12 ab 1234',
      vehicle_model: 'Innova',
      vehicle_group_id: '0b7f8a52-51a4-4c6c-9d0e-1f2a3b4c5d6e',
      vehicle_fuel_type: 'DIESEL',
      tenant_id: 'someone else',
    }) as Record<string, unknown>;
    expect(Object.keys(ok).sort()).toEqual(Object.keys(vehicleMaster.fields).sort());
    expect(ok).toMatchObject({ vehicle_no: 'MH12AB1234', colour: null, is_available_for_booking: true });
    const bad = schema.safeParse({ loan_emi: '1.234' });
    expect(bad.error!.issues.map((i) => i.path.join('.')).sort()).toEqual(
      ['loan_emi', 'vehicle_fuel_type', 'vehicle_group_id', 'vehicle_model', 'vehicle_no'].sort(),
    );
  });

  it('applies a master’s rules across fields on top of each field’s own', () => {
    const card = {
      name: 'Acme FY26',
      party: 'CUSTOMER',
      duty_type_id: OTHER_GROUP,
      vehicle_group_id: GROUP,
      contract_start: '2026-04-01',
      contract_end: '2026-03-31',
      normal_rate: '2000',
    };
    const result = masterSchema(rateCardMaster).safeParse(card);
    expect(result.error!.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['customer_id', 'Choose the customer this rate card is for.'],
      ['contract_end', 'The contract must end on or after its start.'],
    ]);
    const fixed = masterSchema(rateCardMaster).parse({
      ...card,
      customer_id: '0b7f8a52-51a4-4c6c-9d0e-1f2a3b4c5d6e',
      contract_end: '2027-03-31',
    });
    expect(fixed).toMatchObject({ normal_rate: '2000.00', switch_path_group: 'OFF' });
  });
});

describe('columns', () => {
  it('keeps each kind in the column type the migrations use', () => {
    const cases: [Field, string][] = [
      [f.text('Name'), 'text'],
      [f.phone('Phone'), 'text'],
      [f.email('Email'), 'text'],
      [f.gstin(), 'text'],
      [f.pan(), 'text'],
      [f.ifsc(), 'text'],
      [f.time('At'), 'text'],
      [f.choice('Kind', ['A']), 'text'],
      [f.date('On'), 'date'],
      [f.file('Copy'), 'uuid'],
      [f.money('Amount'), 'numeric(14,2)'],
      [f.rate('Rate'), 'numeric(14,4)'],
      [f.percent('Share'), 'numeric(5,2)'],
      [f.integer('Count', 0, 9), 'integer'],
      [f.flag('Yes'), 'boolean'],
      [f.ref('Group', 'vehicle_group'), 'uuid'],
      [f.ref('City', 'city'), 'text'],
      [f.ref('State', 'state'), 'text'],
      [f.refs('Labels', 'label'), 'uuid[]'],
      [f.refs('Cities', 'city'), 'text[]'],
      [f.rows('Rows', 'row', {}), 'jsonb'],
    ];
    for (const [field, type] of cases) expect([field.type, columnType(field)]).toEqual([field.type, type]);
  });
});
