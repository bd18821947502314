import fc from 'fast-check';
import {
  checkPettyCashEntry,
  PETTY_CASH_KINDS,
  PettyCashError,
  type PettyCashMovement,
  pettyCashChange,
  pettyCashLedger,
  pettyCashPaise,
  pettyCashPersonKey,
  pettyCashVoucherNumber,
} from './petty-cash';

const ravi = 'driver:ravi';

describe('petty cash vouchers', () => {
  it('are numbered in the financial year of their date', () => {
    expect(pettyCashVoucherNumber('2026-04-01', 1)).toBe('PC/26-27/0001');
    expect(pettyCashVoucherNumber('2027-03-31', 42)).toBe('PC/26-27/0042');
    expect(pettyCashVoucherNumber('2026-03-31', 7)).toBe('PC/25-26/0007');
  });
});

describe('amounts', () => {
  it.each([
    ['250', 25000n],
    [' 1050.5 ', 105050n],
    ['0.01', 1n],
  ])('reads %j', (text, paise) => {
    expect(pettyCashPaise(text)).toBe(paise);
  });
  it.each(['', '0', '-5', '1.234', 'ten', '100000000000'])('refuses %j, naming the field', (text) => {
    expect(() => pettyCashPaise(text, 'amount')).toThrow(PettyCashError);
    try {
      pettyCashPaise(text, 'amount');
    } catch (error) {
      expect(error instanceof PettyCashError && error.field).toBe('amount');
    }
  });
});

describe('people', () => {
  it('are a driver by id, anyone else by name and phone', () => {
    expect(pettyCashPersonKey({ driverId: 'd1', name: 'Ravi', phone: '' })).toBe('driver:d1');
    expect(pettyCashPersonKey({ name: '  Asha   Rao ', phone: '+919800000001' })).toBe(
      pettyCashPersonKey({ name: 'asha rao', phone: '+919800000001' }),
    );
    expect(pettyCashPersonKey({ name: ' ', phone: '+919800000001' })).toBe('');
  });
  it('are needed to give cash or take it back', () => {
    expect(() => checkPettyCashEntry({ kind: 'GIVEN', personKey: '' })).toThrow(
      'Say who the cash is given to.',
    );
    expect(() => checkPettyCashEntry({ kind: 'RETURNED', personKey: '' })).toThrow(PettyCashError);
    expect(() => checkPettyCashEntry({ kind: 'SPENT', personKey: '' })).not.toThrow();
  });
});

describe('the box and the people', () => {
  it('a month in a few lines: drawn, advanced, spent by the driver, returned, spent at the counter', () => {
    const entries: PettyCashMovement[] = [
      { kind: 'RECEIVED', amount: 20_000_00n, personKey: '' },
      { kind: 'GIVEN', amount: 3_000_00n, personKey: ravi },
      { kind: 'SPENT', amount: 2_200_00n, personKey: ravi },
      { kind: 'RETURNED', amount: 500_00n, personKey: ravi },
      { kind: 'SPENT', amount: 120_00n, personKey: '' },
    ];
    const ledger = pettyCashLedger(entries);
    expect(ledger.box).toBe(17_380_00n);
    expect(ledger.held.get(ravi)).toBe(300_00n);
  });

  it('refuses to pay out more than the box holds', () => {
    expect(() =>
      pettyCashChange(
        { box: 1_000_00n, held: new Map() },
        { after: { kind: 'GIVEN', amount: 1_000_01n, personKey: ravi } },
      ),
    ).toThrow('The cash box holds ₹1,000.00');
  });

  it('refuses a return or a spend beyond what the person holds, and names them', () => {
    expect(() =>
      pettyCashChange(
        { box: 0n, held: new Map([[ravi, 100_00n]]) },
        { after: { kind: 'RETURNED', amount: 200_00n, personKey: ravi } },
        new Map([[ravi, 'Ravi Kumar']]),
      ),
    ).toThrow('Ravi Kumar holds ₹100.00');
  });

  it('refuses to void the cash put in once it has been handed out', () => {
    const received: PettyCashMovement = { kind: 'RECEIVED', amount: 5_000_00n, personKey: '' };
    expect(() => pettyCashChange({ box: 1_000_00n, held: new Map() }, { before: received })).toThrow(
      PettyCashError,
    );
  });

  it('moves an edited advance from one person to another', () => {
    const change = pettyCashChange(
      { box: 7_000_00n, held: new Map([[ravi, 3_000_00n]]) },
      {
        before: { kind: 'GIVEN', amount: 3_000_00n, personKey: ravi },
        after: { kind: 'GIVEN', amount: 2_500_00n, personKey: 'driver:sunil' },
      },
    );
    expect(change.box).toBe(7_500_00n);
    expect(change.held.get(ravi)).toBe(0n);
    expect(change.held.get('driver:sunil')).toBe(2_500_00n);
    expect(change.boxDelta).toBe(500_00n);
  });

  const people = fc.constantFrom('', ravi, 'driver:sunil', 'person:asha|+919800000001');
  const movement = fc.record({
    kind: fc.constantFrom(...PETTY_CASH_KINDS),
    amount: fc.bigInt({ min: 1n, max: 50_000_00n }),
    personKey: people,
  });

  it('whatever is recorded, edited and voided, what the checked changes leave is the ledger of the live entries', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.oneof(
            fc.record({ op: fc.constant('add' as const), entry: movement }),
            fc.record({ op: fc.constant('edit' as const), at: fc.nat(), entry: movement }),
            fc.record({ op: fc.constant('void' as const), at: fc.nat() }),
          ),
          { maxLength: 60 },
        ),
        (ops) => {
          const live: PettyCashMovement[] = [];
          let now = { box: 0n, held: new Map<string, bigint>() };
          for (const op of ops) {
            const at = 'at' in op && live.length > 0 ? op.at % live.length : -1;
            const before = at >= 0 ? live[at] : undefined;
            const after = op.op === 'void' ? undefined : op.entry;
            if (op.op !== 'add' && !before) continue;
            if (after && (after.kind === 'GIVEN' || after.kind === 'RETURNED') && after.personKey === '')
              continue;
            try {
              const changed = pettyCashChange(now, { before: op.op === 'add' ? undefined : before, after });
              now = { box: changed.box, held: changed.held };
              if (op.op === 'add' && after) live.push(after);
              else if (op.op === 'edit' && after) live[at] = after;
              else live.splice(at, 1);
            } catch (error) {
              if (!(error instanceof PettyCashError)) throw error;
            }
            const ledger = pettyCashLedger(live);
            expect(now.box).toBe(ledger.box);
            expect(now.box >= 0n).toBe(true);
            for (const [key, held] of ledger.held) {
              expect(now.held.get(key) ?? 0n).toBe(held);
              expect(held >= 0n).toBe(true);
            }
          }
        },
      ),
    );
  });
});
