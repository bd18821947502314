// What a search of the message log is matched against: the terms migration 0003 writes for each
// message (every word of the recipient's name, their phone's digits and last ten, their email, the
// booking's number), lower-cased, matched by prefix.

const MAX_TERM = 64;

/** A search as typed, as the prefix it is matched against. */
export function messageSearchTermOf(query: string): string {
  const trimmed = query.trim().toLowerCase();
  // A phone is typed with spaces, dashes and a plus as often as without; its term is its digits.
  const compact = trimmed.replace(/[\s-]/g, '');
  if (/^\+?\d+$/.test(compact)) return compact.replace(/^\+/, '').slice(0, MAX_TERM);
  // Terms are single words: a name typed in full finds its first word's messages.
  return (trimmed.split(/[^\p{L}\p{N}@._+-]+/u).find((w) => w.length > 0) ?? '').slice(0, MAX_TERM);
}

/** The screens show a booking number padded to this many digits (00000129). */
const SHOWN_BOOKING_NO_DIGITS = 8;

/** A search that is a booking number as the screens show it (00000129), as the number it names (129). */
export function paddedBookingNoOf(query: string): string | undefined {
  const compact = query.trim().replace(/[\s-]/g, '');
  if (compact.length !== SHOWN_BOOKING_NO_DIGITS || !/^0\d+$/.test(compact)) return undefined;
  return compact.replace(/^0+/, '') || undefined;
}
