import { randomBytes } from 'node:crypto';
import { AckPolicy, DeliverPolicy, jetstream, jetstreamManager } from '@nats-io/jetstream';
import { connect, nanos, headers as natsHeaders } from '@nats-io/transport-node';
import type { Logger } from '../logger';
import type { EventBus, SubscribeOptions, Subscription } from './bus';
import { type BusMessage, subjectMatches } from './event-type';

export interface JetStreamBusOptions {
  url: string;
  name: string;
  logger: Logger;
  /**
   * Prefixes subjects and stream names on the wire, so parallel test runs sharing one NATS server never
   * see each other's events. Application code always uses plain `fleet.…` subjects.
   */
  namespace?: string;
  /** Replicas per stream: 1 locally, 3 in a production cluster. */
  replicas?: number;
}

const DUPLICATE_WINDOW_MS = 2 * 60 * 1000;

/** The service a subject belongs to: `fleet.identity.tenant.created` → `identity`. */
const serviceOf = (subject: string) => subject.split('.')[1] ?? 'unknown';

export async function createJetStreamBus(options: JetStreamBusOptions): Promise<EventBus> {
  const { logger } = options;
  const ns = options.namespace ?? '';
  const wire = (subject: string) => (ns ? `${ns}.${subject}` : subject);
  const unwire = (subject: string) => (ns ? subject.slice(ns.length + 1) : subject);
  const streamName = (service: string) => `${ns ? `${ns.toUpperCase()}_` : ''}FLEET_${service.toUpperCase()}`;

  const nc = await connect({ servers: options.url, name: options.name, maxReconnectAttempts: -1 });
  const jsm = await jetstreamManager(nc);
  const js = jetstream(nc);
  const ensured = new Map<string, Promise<string>>();
  const consumersRunning = new Set<{ stop(): Promise<void> }>();

  function ensureStream(service: string): Promise<string> {
    let pending = ensured.get(service);
    if (!pending) {
      const name = streamName(service);
      pending = (async () => {
        const config = {
          name,
          subjects: [wire(`fleet.${service}.>`)],
          duplicate_window: nanos(DUPLICATE_WINDOW_MS),
          num_replicas: options.replicas ?? 1,
        };
        try {
          await jsm.streams.info(name);
        } catch {
          try {
            await jsm.streams.add(config);
          } catch (error) {
            // Another process created it between our look and our add.
            await jsm.streams.info(name).catch(() => {
              throw error;
            });
          }
        }
        return name;
      })();
      ensured.set(service, pending);
      pending.catch(() => ensured.delete(service));
    }
    return pending;
  }

  /**
   * A consumer of the process's own from the stream's next message on: nothing is acknowledged, and a
   * failed delivery is logged, not retried.
   */
  async function broadcastSubscription(
    stream: string,
    filter: string,
    subjects: string[],
    deliver: SubscribeOptions['deliver'],
    name: string,
  ): Promise<Subscription> {
    // A consumer of this process's own, from the next message on, that the server deletes once
    // nobody has read from it for a minute (the process is gone).
    const own = `${name}-${randomBytes(6).toString('hex')}`;
    await jsm.consumers.add(stream, {
      name: own,
      ack_policy: AckPolicy.None,
      deliver_policy: DeliverPolicy.New,
      filter_subject: filter,
      inactive_threshold: nanos(60_000),
    });
    const consumer = await js.consumers.get(stream, own);
    const messages = await consumer.consume();
    const loop = (async () => {
      for await (const m of messages) {
        const headers: Record<string, string> = {};
        for (const key of m.headers?.keys() ?? []) headers[key] = m.headers!.get(key);
        const subject = unwire(m.subject);
        if (!subjects.some((f) => subjectMatches(f, subject))) continue;
        await deliver({ id: headers['Nats-Msg-Id'] ?? '', subject, data: m.data, headers }).catch((error) =>
          logger.warn({ err: error, subject, consumer: name }, 'a broadcast event could not be handled'),
        );
      }
    })();
    const subscription = {
      async stop() {
        await messages.close();
        await loop;
        consumersRunning.delete(subscription);
      },
    };
    consumersRunning.add(subscription);
    return subscription;
  }

  return {
    kind: 'jetstream',
    async publish(message: BusMessage) {
      await ensureStream(serviceOf(message.subject));
      const h = natsHeaders();
      for (const [key, value] of Object.entries(message.headers)) h.set(key, value);
      // msgID becomes Nats-Msg-Id: JetStream drops a repeat of the same event inside its window.
      await js.publish(wire(message.subject), message.data, { msgID: message.id, headers: h });
    },
    async subscribe({ durable, subjects, deliver, broadcast }) {
      const services = [...new Set(subjects.map(serviceOf))];
      if (services.length !== 1)
        throw new Error(`A consumer reads one service's stream: ${subjects.join(', ')}`);
      const stream = await ensureStream(services[0]!);
      // One filter subject works on every JetStream server (multi-filter needs 2.10+); with several, the
      // consumer takes the service's whole stream and skips what it does not handle.
      const filter = wire(subjects.length === 1 ? subjects[0]! : `fleet.${services[0]}.>`);
      if (broadcast) return broadcastSubscription(stream, filter, subjects, deliver, durable);
      const config = {
        durable_name: durable,
        ack_policy: AckPolicy.Explicit,
        deliver_policy: DeliverPolicy.All,
        filter_subject: filter,
        ack_wait: nanos(30_000),
      };
      try {
        const info = await jsm.consumers.info(stream, durable);
        if (info.config.filter_subject !== filter) {
          await jsm.consumers.update(stream, durable, { filter_subject: filter });
        }
      } catch {
        await jsm.consumers.add(stream, config);
      }
      const consumer = await js.consumers.get(stream, durable);
      const messages = await consumer.consume({ max_messages: 64 });
      const loop = (async () => {
        for await (const m of messages) {
          const headers: Record<string, string> = {};
          for (const key of m.headers?.keys() ?? []) headers[key] = m.headers!.get(key);
          const id = headers['Nats-Msg-Id'] ?? '';
          const subject = unwire(m.subject);
          if (!subjects.some((f) => subjectMatches(f, subject))) {
            m.ack();
            continue;
          }
          try {
            await deliver({ id, subject, data: m.data, headers });
            m.ack();
          } catch (error) {
            logger.warn(
              { err: error, subject: m.subject, eventId: id, durable },
              'event handling failed; will retry',
            );
            m.nak(2000);
          }
        }
      })();
      const subscription = {
        async stop() {
          await messages.close();
          await loop;
          consumersRunning.delete(subscription);
        },
      };
      consumersRunning.add(subscription);
      return subscription;
    },
    async ping() {
      await nc.flush();
    },
    async close() {
      for (const sub of [...consumersRunning]) await sub.stop();
      await nc.drain();
    },
  };
}

/** Removes a test namespace's streams; tests call it when they finish. */
export async function deleteNamespaceStreams(url: string, namespace: string): Promise<void> {
  const nc = await connect({ servers: url });
  try {
    const jsm = await jetstreamManager(nc);
    const prefix = `${namespace.toUpperCase()}_`;
    for await (const name of jsm.streams.names()) {
      if (name.startsWith(prefix)) await jsm.streams.delete(name);
    }
  } finally {
    await nc.close();
  }
}
