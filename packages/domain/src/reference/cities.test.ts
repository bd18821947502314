import { cityById, INDIAN_CITIES, stateOfCity } from './cities';
import { INDIAN_STATES } from './indian-states';

describe('the cities', () => {
  it('each have an id of their own, made of their state’s id and a slug of the name', () => {
    expect(new Set(INDIAN_CITIES.map((c) => c.id)).size).toBe(INDIAN_CITIES.length);
    for (const city of INDIAN_CITIES)
      expect(city.id).toMatch(new RegExp(`^${city.stateId.toLowerCase()}-[a-z0-9-]+$`));
  });

  it('are each in a known state', () => {
    for (const city of INDIAN_CITIES) {
      expect(stateOfCity(city.id)).toBe(INDIAN_STATES.find((s) => s.id === city.stateId));
    }
  });

  it('give the state of a city, its GST code with it', () => {
    expect(stateOfCity('mh-pune')).toEqual({ id: 'MH', name: 'Maharashtra', gstCode: '27' });
    expect(stateOfCity('wb-kolkata')?.gstCode).toBe('19');
    expect(stateOfCity('dl-new-delhi')?.id).toBe('DL');
    expect(cityById('mh-pune')).toEqual({ id: 'mh-pune', name: 'Pune', stateId: 'MH' });
  });

  it('know no city by an id that is not one', () => {
    expect(stateOfCity('mh-atlantis')).toBeUndefined();
    expect(stateOfCity('MH-PUNE')).toBeUndefined();
    expect(stateOfCity('')).toBeUndefined();
    expect(stateOfCity('constructor')).toBeUndefined();
    expect(cityById('toString')).toBeUndefined();
  });
});
