import { randomUUID } from 'node:crypto';
import { create, type DescMessage, type MessageInitShape, toBinary } from '@bufbuild/protobuf';
import { type BusMessage, EVENT_HEADERS, type EventBus } from '@fleet/platform';

/**
 * Publishes an event as another service's outbox relay would: the typed message, its type, a request
 * id and the operator in the headers. Tests play a service that is not booted this way.
 */
export async function publishEvent<D extends DescMessage>(
  bus: EventBus,
  subject: string,
  schema: D,
  value: MessageInitShape<D>,
  tenantId: string,
  id: string = randomUUID(),
): Promise<BusMessage> {
  const message: BusMessage = {
    id,
    subject,
    data: toBinary(schema, create(schema, value)),
    headers: {
      [EVENT_HEADERS.type]: schema.typeName,
      [EVENT_HEADERS.requestId]: randomUUID(),
      [EVENT_HEADERS.tenantId]: tenantId,
    },
  };
  await bus.publish(message);
  return message;
}

/** Waits until `check` holds, or fails naming what it last saw. */
export async function eventually<T>(
  read: () => Promise<T>,
  check: (value: T) => boolean,
  ms = 10_000,
): Promise<T> {
  const deadline = Date.now() + ms;
  let last: T = await read();
  while (!check(last)) {
    if (Date.now() > deadline) throw new Error(`not reached in ${ms} ms; last seen: ${JSON.stringify(last)}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
    last = await read();
  }
  return last;
}
