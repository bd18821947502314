import type { BusMessage } from './event-type';

export interface Subscription {
  stop(): Promise<void>;
}

export interface SubscribeOptions {
  /** Durable consumer name; one delivery per message per durable name. */
  durable: string;
  /**
   * Every subscriber in every process gets each message published from now on, and nothing is kept for
   * it while it is gone (no durable, no redelivery): for what a process holds in memory, like caches.
   */
  broadcast?: boolean;
  subjects: string[];
  /** Resolves when the message is handled; a rejection means "deliver again later". */
  deliver(message: BusMessage): Promise<void>;
}

/** The event bus: JetStream when distributed, in-process when embedded. Both are fed by the outbox relay. */
export interface EventBus {
  readonly kind: 'jetstream' | 'in-process';
  publish(message: BusMessage): Promise<void>;
  subscribe(options: SubscribeOptions): Promise<Subscription>;
  ping(): Promise<void>;
  close(): Promise<void>;
}
