import type { EventBus, SubscribeOptions } from './bus';
import { subjectMatches } from './event-type';

/**
 * Embedded mode's bus. Publishing awaits every matching subscriber, so the relay marks an outbox row
 * published only after everyone handled it; a failure leaves it for the next relay pass, and the
 * consumers' handled-event records make the repeat harmless.
 */
export function createInProcessBus(): EventBus {
  const subscriptions = new Set<SubscribeOptions>();
  return {
    kind: 'in-process',
    async publish(message) {
      const failures: unknown[] = [];
      for (const sub of subscriptions) {
        if (!sub.subjects.some((filter) => subjectMatches(filter, message.subject))) continue;
        try {
          await sub.deliver(message);
        } catch (error) {
          failures.push(error);
        }
      }
      if (failures.length > 0) throw failures[0];
    },
    async subscribe(options) {
      subscriptions.add(options);
      return {
        async stop() {
          subscriptions.delete(options);
        },
      };
    },
    async ping() {},
    async close() {
      subscriptions.clear();
    },
  };
}
