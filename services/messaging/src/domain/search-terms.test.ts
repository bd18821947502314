import { messageSearchTermOf, paddedBookingNoOf } from './search-terms';

describe('a message log search as the term it matches', () => {
  it('reads a phone typed any way as its digits', () => {
    expect(messageSearchTermOf('+91 98000-00002')).toBe('919800000002');
    expect(messageSearchTermOf(' 98000 ')).toBe('98000');
  });

  it('lower-cases a name or an email, and matches a name by its first word', () => {
    expect(messageSearchTermOf('Meera')).toBe('meera');
    expect(messageSearchTermOf('Meera Shah')).toBe('meera');
    expect(messageSearchTermOf('Asha@Example.com')).toBe('asha@example.com');
  });

  it('reads a padded booking number as the number it names', () => {
    expect(paddedBookingNoOf('00000129')).toBe('129');
    expect(paddedBookingNoOf('129')).toBeUndefined();
    expect(paddedBookingNoOf('meera')).toBeUndefined();
  });
});
