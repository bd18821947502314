import { rows, type Tx } from '@fleet/platform';
import { sql } from 'drizzle-orm';
import type { OtpTarget } from '../domain/otp';

export interface OtpRow {
  phone: string;
  /** Who asked, for a phone change. */
  userId: string | null;
  codeHash: string;
  expiresAt: Date;
  attempts: number;
  lockedUntil: Date | null;
  consumedAt: Date | null;
}

/** The latest code sent to the phone for the purpose, locked for the transaction. */
export async function getOtp(tx: Tx, target: OtpTarget): Promise<OtpRow | undefined> {
  const [row] = await rows<OtpRow>(
    tx,
    sql`select phone, user_id as "userId", code_hash as "codeHash", expires_at as "expiresAt", attempts,
               locked_until as "lockedUntil", consumed_at as "consumedAt"
        from identity.otp_codes where purpose = ${target.purpose} and phone = ${target.phone} for update`,
  );
  return row;
}

/** A new code replaces the previous one for the phone and purpose: only the latest code works. */
export async function replaceOtp(
  tx: Tx,
  target: OtpTarget,
  codeHash: string,
  expiresAt: Date,
): Promise<void> {
  await tx.execute(sql`
    insert into identity.otp_codes (purpose, phone, user_id, code_hash, expires_at)
    values (${target.purpose}, ${target.phone}, ${target.userId ?? null}, ${codeHash}, ${expiresAt})
    on conflict (purpose, phone) do update set user_id = excluded.user_id, code_hash = excluded.code_hash,
      expires_at = excluded.expires_at, attempts = 0, locked_until = null, consumed_at = null, created_at = now()`);
}

export async function recordFailedAttempt(tx: Tx, target: OtpTarget, lockUntil: Date | null): Promise<void> {
  await tx.execute(
    sql`update identity.otp_codes set attempts = attempts + 1, locked_until = ${lockUntil}
        where purpose = ${target.purpose} and phone = ${target.phone}`,
  );
}

export async function consumeOtp(tx: Tx, target: OtpTarget): Promise<void> {
  await tx.execute(
    sql`update identity.otp_codes set consumed_at = now() where purpose = ${target.purpose} and phone = ${target.phone}`,
  );
}

/** Sends are counted per phone and per address whatever their purpose: the limits protect the phone. */
export interface SendCounts {
  phoneLastHour: number;
  ipLastHour: number;
  lastSentAt: Date | null;
  oldestPhoneSendInHour: Date | null;
  oldestIpSendInHour: Date | null;
}

export async function countSends(
  tx: Tx,
  phone: string,
  ip: string | undefined,
  now: Date,
): Promise<SendCounts> {
  const hourAgo = new Date(now.getTime() - 3600_000);
  const [row] = await rows<SendCounts>(
    tx,
    sql`select
          (select count(*)::int from identity.otp_sends where phone = ${phone} and sent_at > ${hourAgo}) as "phoneLastHour",
          (select count(*)::int from identity.otp_sends where ip = ${ip ?? null} and sent_at > ${hourAgo}) as "ipLastHour",
          (select max(sent_at) from identity.otp_sends where phone = ${phone}) as "lastSentAt",
          (select min(sent_at) from identity.otp_sends where phone = ${phone} and sent_at > ${hourAgo}) as "oldestPhoneSendInHour",
          (select min(sent_at) from identity.otp_sends where ip = ${ip ?? null} and sent_at > ${hourAgo}) as "oldestIpSendInHour"`,
  );
  return row!;
}

export async function recordSend(tx: Tx, phone: string, ip: string | undefined, at: Date): Promise<void> {
  await tx.execute(
    sql`insert into identity.otp_sends (phone, ip, sent_at) values (${phone}, ${ip ?? null}, ${at})`,
  );
}
