// The price of a duty: what it measured (duty-measure.ts), which card it is charged on (slab-ladder.ts)
// and the lines charged (duty-charges.ts). Pure, decimals only; bookings and billing both use it.
export * from './duty-charges';
export * from './duty-measure';
export { type LocalClock, localClock, minutesOfTime } from './local-clock';
export * from './slab-ladder';
