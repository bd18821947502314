import fc from 'fast-check';
import { buildGstin, GSTIN_STATE_CODES, gstinStateCode } from '../validation/gstin';
import { gstCodeOfState, INDIAN_STATES, stateByGstCode, stateById } from './indian-states';

describe('the states and union territories of India', () => {
  it('are the 28 states and 8 union territories, each id and GST code once', () => {
    expect(INDIAN_STATES).toHaveLength(36);
    expect(new Set(INDIAN_STATES.map((s) => s.id)).size).toBe(36);
    expect(new Set(INDIAN_STATES.map((s) => s.gstCode)).size).toBe(36);
    for (const state of INDIAN_STATES) expect(GSTIN_STATE_CODES).toContain(state.gstCode);
  });

  it('give a state’s GST code by its id', () => {
    expect(gstCodeOfState('MH')).toBe('27');
    expect(gstCodeOfState('DL')).toBe('07');
    expect(gstCodeOfState('LA')).toBe('38');
    expect(gstCodeOfState('XX')).toBeUndefined();
    expect(gstCodeOfState('mh')).toBeUndefined();
    expect(gstCodeOfState('constructor')).toBeUndefined();
  });

  it('give the state a GST code belongs to', () => {
    expect(stateByGstCode('27')).toEqual({ id: 'MH', name: 'Maharashtra', gstCode: '27' });
    expect(stateByGstCode('29')?.id).toBe('KA');
    expect(stateByGstCode('04')?.name).toBe('Chandigarh');
    // Valid at the start of a GSTIN, but no state's: other territory and the centre's jurisdiction.
    expect(stateByGstCode('97')).toBeUndefined();
    expect(stateByGstCode('99')).toBeUndefined();
    expect(stateByGstCode('7')).toBeUndefined();
    expect(stateByGstCode('__proto__')).toBeUndefined();
  });

  it('find a GSTIN’s state from its first two characters, the state it was built for', () => {
    fc.assert(
      fc.property(fc.constantFrom(...INDIAN_STATES), (state) => {
        const gstin = buildGstin(gstCodeOfState(state.id) ?? '', 'AAPFU0939F');
        expect(stateByGstCode(gstinStateCode(gstin))).toBe(stateById(state.id));
      }),
    );
  });
});
