/**
 * A booking's number as people see and quote it: eight digits, zero-padded (00000129). Screens, duty
 * slips and messages all write it this way, so a number read off a text finds its booking.
 */
export const shownBookingNo = (bookingNo: string | number | bigint): string =>
  String(bookingNo).padStart(8, '0');
