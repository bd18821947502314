// The message log at production scale. On the product distributed as production runs it, an operator
// signs up through the gateway; then BENCH_MESSAGES messages (a year of texts and emails: every type,
// status and delivery report, a few thousand numbers, one booking per four messages) are written to its
// log in bulk SQL, search terms filled by the log's own trigger. Through the gateway as the SMS and
// email screens call message.list, beside the bare SQL of the same page in the operator's read
// transaction, at 1 and 8 concurrent clients:
//   first page   the SMS screen unfiltered, and the email screen
//   filtered     FAILED texts; one type; an operator's month (date range)
//   lookups      one booking's messages (by number); one recipient's (exact); a search by a number's prefix
// p50, p95, calls per second and the CPU each call cost by process. Timings never fail the run; errors do.
//
// Run: node --import tsx tests/bench/message-log.ts
//   BENCH_MESSAGES (1000000)  messages in the log;  BENCH_N (300)  measured calls per figure;  BENCH_WARMUP (20)
import { performance } from 'node:perf_hooks';
import { operatorDate } from '@fleet/domain';
import { sql } from 'drizzle-orm';
import {
  type Figure,
  int,
  loadLine,
  machineLine,
  ms,
  secondsSince,
  signUp,
  startDistributed,
  time as timeCalls,
  trpc,
} from './bench-kit';

const MESSAGES = int('BENCH_MESSAGES', 1_000_000);
const N = int('BENCH_N', 300);
const WARMUP = int('BENCH_WARMUP', 20);
const OWNER = '+919700000042';
const CODE = '424242';

/** A year of an operator's messages, written in slices so no one statement holds a year of rows. */
async function seedMessages(db: import('@fleet/platform').Database, tenantId: string) {
  const slices = 10;
  const per = Math.ceil(MESSAGES / slices);
  for (let slice = 0; slice < slices; slice++) {
    const from = slice * per;
    const to = Math.min(MESSAGES, from + per) - 1;
    if (to < from) break;
    const started = performance.now();
    await db.asOwner((tx) =>
      tx.execute(sql`
        insert into messaging.messages (tenant_id, event_id, type, channel, recipient_role, recipient_name,
          recipient_phone, recipient_email, subject, booking_id, booking_no, text, variables, status, provider,
          provider_message_id, attempts, next_attempt_at, created_at, sent_at, delivery_status, delivered_at)
        select ${tenantId}::uuid, 'bench-' || g, t.type, t.channel,
          (array['PASSENGER','BOOKED_BY','DRIVER','SUPPLIER'])[(1 + g % 4)::int],
          'Passenger ' || (g % 5000),
          case when t.channel = 'SMS' then '+9198' || lpad((g % 5000)::text, 8, '0') else '' end,
          case when t.channel = 'EMAIL' then 'person' || (g % 5000) || '@example.com' else '' end,
          case when t.channel = 'EMAIL' then 'Booking #' || (g / 4) else '' end,
          md5('booking-' || (g / 4))::uuid, g / 4,
          'Booking #' || (g / 4) || ' is confirmed: pickup 01/04/2026 09:30 at Terminal 2.',
          '{}'::jsonb,
          case when g % 50 = 0 then 'FAILED' else 'SENT' end,
          'msg91', case when g % 50 = 0 then null else 'req-' || g end,
          1, null,
          now() - make_interval(secs => (${MESSAGES} - g) * (31536000.0 / ${MESSAGES})),
          case when g % 50 = 0 then null else now() - make_interval(secs => (${MESSAGES} - g) * (31536000.0 / ${MESSAGES})) end,
          case when g % 50 = 0 then null when g % 7 = 0 then 'UNDELIVERED' else 'DELIVERED' end,
          case when g % 50 = 0 or g % 7 = 0 then null else now() end
        from generate_series(${from}::bigint, ${to}::bigint) g
        cross join lateral (
          select (array['CONFIRMATION_SMS','DRIVER_ALLOTMENT_SMS','CUSTOMER_PASSENGER_ALLOTMENT_SMS_WITH_OTP',
                        'CANCELLATION_SMS','FEEDBACK_REQUEST_SMS','SEND_INFO_TO_SUPPLIER_SMS','CONFIRMATION_EMAIL',
                        'DUTY_SLIP_EMAIL'])[(1 + g % 8)::int] as type
        ) k
        cross join lateral (select case when k.type like '%_EMAIL' then 'EMAIL' else 'SMS' end as channel, k.type) t`),
    );
    process.stdout.write(`  seeded ${to + 1} of ${MESSAGES} (${secondsSince(started)} s for the slice)\n`);
  }
  await db.asOwner((tx) => tx.execute(sql`analyze messaging.messages`));
  await db.asOwner((tx) => tx.execute(sql`analyze messaging.message_search_terms`));
}

async function main() {
  process.stdout.write(`${machineLine()}\nmessage log: ${MESSAGES} messages, ${N} calls per figure\n`);
  const product = await startDistributed({
    secret: 'bench-internal-secret-0123456789abcdef',
    env: { AUTH_TEST_OTP: `${OWNER}=${CODE}` },
  });
  try {
    const { token, tenantId } = await signUp(product.base, OWNER, CODE, 'Bench Messages');
    const seeding = performance.now();
    await seedMessages(product.db, tenantId);
    process.stdout.write(`seeded in ${secondsSince(seeding)} s; ${loadLine()}\n`);

    const today = operatorDate(new Date());
    const monthAgo = operatorDate(new Date(Date.now() - 30 * 86_400_000));
    const someBooking = Math.floor(MESSAGES / 8);
    const cases: [string, Record<string, unknown>][] = [
      ['SMS screen, first page', { channel: 'SMS' }],
      ['email screen, first page', { channel: 'EMAIL' }],
      ['FAILED texts', { channel: 'SMS', status: 'FAILED' }],
      ['one type', { channel: 'SMS', type: 'CANCELLATION_SMS' }],
      ['a month', { channel: 'SMS', createdFrom: monthAgo, createdTo: today }],
      ['one booking (by number)', { channel: 'SMS', bookingNo: String(someBooking) }],
      ['one recipient (exact)', { channel: 'SMS', recipient: '+919800001234' }],
      ['search by a number prefix', { channel: 'SMS', search: '98000012' }],
    ];
    const line = (name: string, clients: number, f: Figure, sqlP50?: number) =>
      process.stdout.write(
        `  ${name.padEnd(28)} ${String(clients).padStart(2)} client(s)  p50 ${ms(f.p50).padStart(6)} ms  p95 ${ms(f.p95).padStart(6)} ms  ${f.perSecond.toFixed(0).padStart(5)}/s` +
          (sqlP50 === undefined ? '' : `  (SQL p50 ${ms(sqlP50)} ms)`) +
          `  cpu/call ${Object.entries(f.cpu)
            .map(([k, v]) => `${k} ${ms(v)}`)
            .join(', ')} ms\n`,
      );
    for (const [name, filters] of cases) {
      const input = { limit: 50, ...filters };
      const call = () => trpc(product.base, 'message.list', input, token);
      const first = (await call()) as { messages: unknown[] };
      if (first.messages.length === 0 && name !== 'one recipient (exact)')
        throw new Error(`${name}: the page came back empty`);
      // The same page's SQL as the service runs it, timed in the operator's read transaction.
      const bare = await timeSql(product.db, tenantId, filters);
      line(name, 1, await timeCalls(call, 1, product.cpu, { n: N, warmup: WARMUP }), bare);
      line(name, 8, await timeCalls(call, 8, product.cpu, { n: N, warmup: WARMUP }));
    }
  } finally {
    await product.stop();
  }
}

/** p50 of the list query's SQL (the store's, built the same way) run directly in a read transaction. */
async function timeSql(
  db: import('@fleet/platform').Database,
  tenantId: string,
  filters: Record<string, unknown>,
): Promise<number> {
  const { listMessages } = await import('../../services/messaging/src/storage/messages-store');
  const { messageListQuery } = await import('../../services/messaging/src/use-cases/message-log');
  const query = messageListQuery({ limit: 50, ...filters });
  const samples: number[] = [];
  for (let i = 0; i < 60; i++) {
    const t0 = performance.now();
    await db.read(tenantId, (tx) => listMessages(tx, query));
    samples.push(performance.now() - t0);
  }
  samples.sort((a, b) => a - b);
  return samples[Math.floor(samples.length / 2)] ?? Number.NaN;
}

main().catch((error) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
