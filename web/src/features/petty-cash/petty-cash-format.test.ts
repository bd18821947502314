import { boxSign, offeredEntryActions } from './petty-cash-format';

describe('what an entry does to the box', () => {
  it('puts cash in, takes it out, or leaves it to what a person holds', () => {
    expect(boxSign({ kind: 'RECEIVED', personKey: '' })).toBe(1);
    expect(boxSign({ kind: 'RETURNED', personKey: 'driver:1' })).toBe(1);
    expect(boxSign({ kind: 'GIVEN', personKey: 'driver:1' })).toBe(-1);
    expect(boxSign({ kind: 'SPENT', personKey: '' })).toBe(-1);
    expect(boxSign({ kind: 'SPENT', personKey: 'driver:1' })).toBe(0);
  });
});

describe('what an entry’s page offers', () => {
  const now = new Date('2026-11-24T10:00:00Z');
  const entry = { isVoided: false, personKey: 'driver:1', recordedByUserId: 'me', createdAt: now };
  it('offers whoever manages petty cash everything, and whoever only adds it the void of their own entry today', () => {
    expect(
      offeredEntryActions(entry, new Set(['manage_petty_cash', 'add_petty_cash', 'send_petty_cash_info']), {
        userId: 'x',
        now,
      }),
    ).toEqual({
      edit: true,
      void: true,
      send: true,
    });
    expect(offeredEntryActions(entry, new Set(['add_petty_cash']), { userId: 'me', now })).toEqual({
      edit: false,
      void: true,
      send: false,
    });
    expect(
      offeredEntryActions(entry, new Set(['add_petty_cash']), {
        userId: 'me',
        now: new Date('2026-11-25T10:00:00Z'),
      }).void,
    ).toBe(false);
    expect(offeredEntryActions(entry, new Set(['add_petty_cash']), { userId: 'other', now }).void).toBe(
      false,
    );
  });
  it('offers nothing on a voided entry, and no send to an entry without a person', () => {
    const all = new Set(['manage_petty_cash', 'add_petty_cash', 'send_petty_cash_info']);
    expect(offeredEntryActions({ ...entry, isVoided: true }, all, { userId: 'me', now })).toEqual({
      edit: false,
      void: false,
      send: false,
    });
    expect(offeredEntryActions({ ...entry, personKey: '' }, all, { userId: 'me', now }).send).toBe(false);
  });
});
