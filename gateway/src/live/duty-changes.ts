// Server push for the screens that show duties as they move (the duties board, the driver app, the live
// map): every gateway process hears bookings' duty and driver-position events once (a broadcast subscription, from now on, kept
// nowhere) and hands each to the open streams of that event's operator. What a stream carries is only
// which duty changed and to what status: a screen that cares reads the duty again through its own
// permission-checked procedures, so a stream never says more than its reader may read.
import { EventEmitter, on } from 'node:events';
import { fromBinary } from '@bufbuild/protobuf';
import type { BookingStatus } from '@fleet/domain';
import { EVENT_HEADERS, type EventBus, type Logger, type Subscription } from '@fleet/platform';
import { BookingChangedSchema } from '@fleet/proto/fleet/bookings/v1/events_pb';

/** A duty that changed, as the streams carry it. */
export interface DutyChange {
  id: string;
  status: BookingStatus;
  version: number;
  /** created, or the status machine's action (allot, dispatch, startDuty…). */
  action: string;
  /** The driver it is allotted to now, if any (the driver app's stream is fenced by it). */
  allotedDriverId: string | null;
}

/** A driver of the operator moved (what a live map reads again; it carries no position). */
export interface PositionsMoved {
  at: Date;
}

export interface DutyChanges {
  /** The operator's duty changes from now until `signal` aborts or the gateway stops. */
  listen(tenantId: string, signal: AbortSignal): AsyncIterable<DutyChange>;
  /** That the operator's drivers moved, from now until `signal` aborts or the gateway stops. */
  listenPositions(tenantId: string, signal: AbortSignal): AsyncIterable<PositionsMoved>;
  start(): Promise<void>;
  stop(): Promise<void>;
  /** Streams open now, for tests and metrics. */
  readonly listening: number;
}

export function createDutyChanges(options: { bus: EventBus; logger: Logger }): DutyChanges {
  const byOperator = new EventEmitter();
  // One listener per open stream; thousands of open tabs are expected, none of them a leak.
  byOperator.setMaxListeners(0);
  const stopping = new AbortController();
  let subscription: Subscription | undefined;

  /** The events emitted under `name` until `signal` aborts or the gateway stops. */
  function heard<T>(name: string, signal: AbortSignal): AsyncIterable<T> {
    const ended = AbortSignal.any([signal, stopping.signal]);
    const events = on(byOperator, name, { signal: ended });
    return {
      async *[Symbol.asyncIterator]() {
        try {
          for await (const [event] of events) yield event as T;
        } catch (error) {
          if (!ended.aborted) throw error;
        }
      },
    };
  }
  const positionsOf = (tenantId: string) => `${tenantId}:positions`;

  return {
    listen: (tenantId, signal) => heard<DutyChange>(tenantId, signal),
    listenPositions: (tenantId, signal) => heard<PositionsMoved>(positionsOf(tenantId), signal),
    async start() {
      subscription = await options.bus.subscribe({
        durable: 'gateway-duty-changes',
        broadcast: true,
        subjects: ['fleet.bookings.booking.>', 'fleet.bookings.driver_position.>'],
        async deliver(message) {
          const tenantId = message.headers[EVENT_HEADERS.tenantId];
          if (!tenantId) return;
          if (message.subject.startsWith('fleet.bookings.driver_position.')) {
            byOperator.emit(positionsOf(tenantId), { at: new Date() } satisfies PositionsMoved);
            return;
          }
          if (byOperator.listenerCount(tenantId) === 0) return;
          const { booking, action } = fromBinary(BookingChangedSchema, message.data);
          if (!booking) return;
          byOperator.emit(tenantId, {
            id: booking.id,
            status: booking.status as BookingStatus,
            version: booking.version,
            action,
            allotedDriverId: booking.allotedDriverId || null,
          } satisfies DutyChange);
        },
      });
    },
    async stop() {
      stopping.abort();
      await subscription?.stop();
    },
    get listening() {
      return byOperator.eventNames().reduce((n, name) => n + byOperator.listenerCount(name), 0);
    },
  };
}
