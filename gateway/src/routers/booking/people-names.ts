import type { Client } from '@connectrpc/connect';
import { type Caller, callAs } from '@fleet/platform';
import type { IdentityService } from '@fleet/proto/fleet/identity/v1/identity_service_pb';

/** As many as identity names in one call. */
const NAMES_PER_CALL = 200;

/**
 * The names of the people behind some user ids, by id, read from identity when the page is shown: one
 * call for a page (a duty's activity names a handful of people), the current name of someone renamed,
 * and still a name for someone deactivated. An id identity does not know is absent.
 */
export async function namesOf(
  identity: Client<typeof IdentityService>,
  caller: Caller,
  userIds: readonly string[],
): Promise<Map<string, string>> {
  const wanted = [...new Set(userIds.filter(Boolean))];
  const calls = [];
  for (let from = 0; from < wanted.length; from += NAMES_PER_CALL) {
    calls.push(
      identity.listUserNames({ userIds: wanted.slice(from, from + NAMES_PER_CALL) }, callAs(caller)),
    );
  }
  const answers = await Promise.all(calls);
  return new Map(answers.flatMap((answer) => answer.users.map((user) => [user.userId, user.name] as const)));
}
