// Sign-in codes, texted for identity: written to the log without an operator (no operator's log shows
// them), tried at once so identity can tell the person whether the code went, tried again only while
// the code is valid, and erased from the row once sent or given up.
import {
  type Caller,
  type Database,
  parseOrThrow,
  requireServiceCaller,
  SYSTEM_PERMISSION,
} from '@fleet/platform';
import { z } from 'zod';
import type { DeliveryOutcome, DeliveryWorker } from '../delivery/delivery-worker';
import { insertClaimedSignInCode } from '../storage/messages-store';

/** The longest a code may be valid for: longer is not a one-time code. */
const MAX_VALID_MS = 60 * 60_000;
/** How long the first try holds the row before the worker may take it (a process that died mid-send). */
const FIRST_TRY_LEASE_MS = 30_000;

const inputSchema = z
  .object({
    phone: z
      .string()
      .regex(/^\+[1-9]\d{7,14}$/, 'Give the number in international form, such as +919800000001.'),
    code: z.string().regex(/^\d{4,8}$/, 'A code is 4 to 8 digits.'),
    text: z.string().min(1, 'Give the text.').max(320, 'A text is at most 320 characters.'),
    expiresAt: z.date({ message: 'Give when the code expires.' }),
  })
  .refine((v) => v.text.includes(v.code), { path: ['text'], message: 'The text must hold the code.' })
  .refine((v) => v.expiresAt.getTime() > Date.now(), {
    path: ['expiresAt'],
    message: 'The code has expired.',
  })
  .refine((v) => v.expiresAt.getTime() <= Date.now() + MAX_VALID_MS, {
    path: ['expiresAt'],
    message: 'A code is valid for at most an hour.',
  });

export interface SignInCodeInput {
  phone: string;
  code: string;
  text: string;
  expiresAt: Date | undefined;
}

export function createSignInCodes(deps: { db: Database; delivery: Pick<DeliveryWorker, 'sendNow'> }) {
  return {
    async send(caller: Caller, input: SignInCodeInput): Promise<DeliveryOutcome> {
      requireServiceCaller(caller, ['identity'], SYSTEM_PERMISSION.sendSignInCode);
      const checked = parseOrThrow(inputSchema, input);
      const row = await deps.db.asSystem((tx) => insertClaimedSignInCode(tx, checked, FIRST_TRY_LEASE_MS), {
        quiet: true,
      });
      return deps.delivery.sendNow(row);
    },
  };
}

export type SignInCodes = ReturnType<typeof createSignInCodes>;
