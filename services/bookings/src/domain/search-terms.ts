// What a booking can be found by (spec §3's searchable fields): the booker's and passengers' names,
// phones and emails, the order reference, the driver's name and phone, the vehicle's number, and the
// booking's own number. Each becomes lower-cased terms a search matches by prefix: every word of a name,
// a phone's digits (and its last ten, so 98… finds +9198…), a vehicle number without spaces or dashes.

export interface Searchable {
  bookingNo: string;
  bookedBy: { name: string; phone: string; email: string };
  passengers: { name: string; phone: string; email: string; customField: string }[];
  orderReferenceNumber: string;
  driverName: string;
  driverPhone: string;
  vehicleNo: string;
}

const MAX_TERM = 64;

const words = (text: string) =>
  text
    .toLowerCase()
    .split(/[^\p{L}\p{N}@._+-]+/u)
    .filter((w) => w.length > 0);

function phoneTerms(phone: string): string[] {
  const digits = phone.replace(/\D/g, '');
  if (!digits) return [];
  return digits.length > 10 ? [digits, digits.slice(-10)] : [digits];
}

/** A search as typed, as the term it is matched against (by prefix). */
export function searchTermOf(query: string): string {
  const trimmed = query.trim().toLowerCase();
  // A phone or a vehicle number is typed with spaces and dashes as often as without.
  const compact = trimmed.replace(/[\s-]/g, '');
  if (/^\+?\d+$/.test(compact)) return compact.replace(/^\+/, '');
  if (/^[a-z]{2}\d{1,2}[a-z]{0,3}\d{1,4}$/.test(compact)) return compact;
  return trimmed.slice(0, MAX_TERM);
}

/** The screens show a booking number padded to this many digits (00000129). */
const SHOWN_BOOKING_NO_DIGITS = 8;

/**
 * A search that is a booking number as the screens show it, padded with zeros (00000129), as the
 * booking number it names (129), which is matched exactly; undefined for any other search.
 */
export function paddedBookingNoOf(query: string): string | undefined {
  const compact = query.trim().replace(/[\s-]/g, '');
  if (compact.length !== SHOWN_BOOKING_NO_DIGITS || !/^0\d+$/.test(compact)) return undefined;
  return compact.replace(/^0+/, '') || undefined;
}

export function searchTermsOf(booking: Searchable): string[] {
  const terms = new Set<string>([booking.bookingNo]);
  const add = (values: string[]) => {
    for (const v of values) if (v.length <= MAX_TERM) terms.add(v);
  };
  for (const person of [booking.bookedBy, ...booking.passengers]) {
    add(words(person.name));
    add(phoneTerms(person.phone));
    if (person.email) add([person.email.toLowerCase()]);
  }
  for (const passenger of booking.passengers) add(words(passenger.customField));
  add(words(booking.orderReferenceNumber));
  if (booking.orderReferenceNumber.trim()) add([booking.orderReferenceNumber.trim().toLowerCase()]);
  add(words(booking.driverName));
  add(phoneTerms(booking.driverPhone));
  if (booking.vehicleNo) add([booking.vehicleNo.replace(/[\s-]/g, '').toLowerCase()]);
  return [...terms];
}
