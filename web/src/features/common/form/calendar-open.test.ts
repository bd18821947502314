import { calendarOpenAfter } from './calendar-open';

describe('a date input’s calendar', () => {
  it('opens as the input is focused or clicked', () => {
    expect(calendarOpenAfter('focus', false)).toBe(true);
    expect(calendarOpenAfter('click', false)).toBe(true);
  });

  it('closes once a whole date is picked or typed, so it never stays over what lies below', () => {
    expect(calendarOpenAfter('chosen', true)).toBe(false);
  });

  it('closes as focus leaves, on Escape and on Enter, and stays as it is on any other key', () => {
    expect(calendarOpenAfter('blur', true)).toBe(false);
    expect(calendarOpenAfter('Escape', true)).toBe(false);
    expect(calendarOpenAfter('Enter', true)).toBe(false);
    expect(calendarOpenAfter('ArrowDown', true)).toBe(true);
    expect(calendarOpenAfter('ArrowDown', false)).toBe(false);
  });
});
