import { paddedBookingNoOf, searchTermOf, searchTermsOf } from './search-terms';

const booking = {
  bookingNo: '1042',
  bookedBy: { name: 'Meera Shah', phone: '+91 98000 00200', email: 'Meera@Acme.example' },
  passengers: [{ name: 'Asha Rao', phone: '+919800000101', email: '', customField: 'EMP-7731' }],
  orderReferenceNumber: 'PO/2026/118',
  driverName: 'Ravi Kumar',
  driverPhone: '+919811122233',
  vehicleNo: 'MH 12 AB-1234',
};

describe('what a booking can be found by', () => {
  it('every name word, phone (whole and its last ten digits), email, reference (whole and by part), vehicle number and its number', () => {
    expect(searchTermsOf(booking).sort()).toEqual(
      [
        '1042',
        'meera',
        'shah',
        '919800000200',
        '9800000200',
        'meera@acme.example',
        'asha',
        'rao',
        '919800000101',
        '9800000101',
        'emp-7731',
        'po/2026/118',
        'po',
        '2026',
        '118',
        'ravi',
        'kumar',
        '919811122233',
        '9811122233',
        'mh12ab1234',
      ].sort(),
    );
  });

  it('reads a search as typed into the term it is matched against', () => {
    expect(searchTermOf(' +91 98000-00200 ')).toBe('919800000200');
    expect(searchTermOf('98000')).toBe('98000');
    expect(searchTermOf('mh 12 ab 1234')).toBe('mh12ab1234');
    expect(searchTermOf('  Asha ')).toBe('asha');
  });

  it('reads a booking number typed as the screens show it (00000129) as the number it names', () => {
    expect(paddedBookingNoOf('00000129')).toBe('129');
    expect(paddedBookingNoOf(' 0000 1042 ')).toBe('1042');
    // Not a padded booking number: a phone, an unpadded number, a part of one, all zeros.
    expect(paddedBookingNoOf('09800000101')).toBeUndefined();
    expect(paddedBookingNoOf('129')).toBeUndefined();
    expect(paddedBookingNoOf('0000012')).toBeUndefined();
    expect(paddedBookingNoOf('00000000')).toBeUndefined();
  });
});
