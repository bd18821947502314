import { z } from 'zod';

// What "an id" is, once for every layer: the gateway's inputs, the web app's forms, the services' checks
// of what direct gRPC callers send, and the page links (cursors) lists hand out. A malformed id is the
// caller's mistake, told as such before it reaches a query.

/** Records are keyed by UUIDs (any version, either case). */
const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Reference data shared by every operator (states, cities) is keyed by readable codes: `MH`, `mh-mumbai`. */
const REFERENCE_CODE_PATTERN = /^[A-Za-z0-9-]{1,100}$/;

export const ID_MESSAGE = 'This is not a valid id; choose the record from the list.';

export const isUuid = (value: unknown): value is string =>
  typeof value === 'string' && UUID_PATTERN.test(value);
export const isReferenceCode = (value: unknown): value is string =>
  typeof value === 'string' && REFERENCE_CODE_PATTERN.test(value);

/** A record's id. */
export const idSchema = z.string().regex(UUID_PATTERN, ID_MESSAGE);
/** A state's or a city's code. */
export const referenceCodeSchema = z.string().regex(REFERENCE_CODE_PATTERN, ID_MESSAGE);

/** What an empty picker asks for, in every form that has one: "Choose a customer", "Choose an owner". */
export const chosenMessage = (thing: string) => `Choose ${/^[aeiou]/i.test(thing) ? 'an' : 'a'} ${thing}`;

/**
 * A record a person picks in a form: left empty, it asks for the choice ("Choose a customer"); anything
 * else that is not an id is the id's own message.
 */
export const chosenId = (thing: string) =>
  z
    .string()
    .min(1, { message: chosenMessage(thing), abort: true })
    .regex(UUID_PATTERN, ID_MESSAGE);
/** A state or a city a person picks in a form. */
export const chosenReferenceCode = (thing: string) =>
  z
    .string()
    .min(1, { message: chosenMessage(thing), abort: true })
    .regex(REFERENCE_CODE_PATTERN, ID_MESSAGE);
