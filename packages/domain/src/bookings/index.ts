// Bookings and duties (spec §3–§4, DOMAIN.md): the status machine the bookings service enforces and the
// screens ask for the actions to offer.

export * from './booking-draft';
export * from './booking-number';
export * from './custom-field-entries';
export * from './driver-app';
export * from './duty-billing-items';
export * from './feedback-answers';
export * from './gps-distance';
export * from './location-points';
export * from './odometer-gap';
export * from './public-pages';
export * from './status-machine';
export * from './trip-insurance';
