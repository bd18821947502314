import { randomBytes } from 'node:crypto';
import { createJetStreamBus, deleteNamespaceStreams, type EventBus } from '@fleet/platform';
import { quietLogger } from './quiet-logger';
import { resolveServer } from './services-available';

export interface TestBus {
  url: string;
  namespace: string;
  bus: EventBus;
  /** Another connection on the same namespace: a second process, as far as NATS can tell. */
  connectAgain(name: string): Promise<EventBus>;
  close(): Promise<void>;
}

async function startNatsContainer(): Promise<string> {
  const moduleName = 'testcontainers';
  const { GenericContainer } = await import(moduleName);
  const container = await new GenericContainer('nats:2').withCommand(['-js']).withExposedPorts(4222).start();
  return `nats://${container.getHost()}:${container.getMappedPort(4222)}`;
}

/** A real NATS JetStream bus in a namespace of its own; its streams are deleted on close. */
export async function createTestBus(): Promise<TestBus> {
  const url = await resolveServer({
    what: 'NATS with JetStream',
    envVar: 'TEST_NATS_URL',
    defaultUrl: 'nats://127.0.0.1:4222',
    startContainer: startNatsContainer,
  });
  const namespace = `t${randomBytes(5).toString('hex')}`;
  const logger = quietLogger('bus');
  const extra: EventBus[] = [];
  const bus = await createJetStreamBus({ url, name: 'test', logger, namespace });
  return {
    url,
    namespace,
    bus,
    async connectAgain(name) {
      const other = await createJetStreamBus({ url, name, logger, namespace });
      extra.push(other);
      return other;
    },
    async close() {
      for (const b of [bus, ...extra]) await b.close().catch(() => {});
      await deleteNamespaceStreams(url, namespace);
    },
  };
}
