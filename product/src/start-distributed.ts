// `npm run start:distributed`: the gateway and each service of the module table as separate processes
// talking gRPC over the network, on DATABASE_URL (default: the local PostgreSQL, database "fleet") and
// NATS_URL (default: the local NATS). They share one data directory, where the secrets not set in the
// environment are generated once for all of them, and listen on loopback; Ctrl-C stops them all.
import { type ChildProcess, spawn } from 'node:child_process';
import { join } from 'node:path';
import { distributedPlan, type PlannedProcess, sharedByEveryProcess } from './distributed-plan';
import { GATEWAY, SERVICES } from './modules';

function startAll(plan: PlannedProcess[]) {
  const children: ChildProcess[] = [];
  let stopping = false;
  const stopAll = (code: number) => {
    if (stopping) return;
    stopping = true;
    for (const child of children) if (child.exitCode === null) child.kill('SIGTERM');
    setTimeout(() => process.exit(code), 15_000).unref();
    Promise.all(
      children.map((c) => (c.exitCode !== null ? null : new Promise((resolve) => c.once('exit', resolve)))),
    ).then(() => process.exit(code));
  };

  for (const { name, env } of plan) {
    const child = spawn(process.execPath, ['--import', 'tsx', 'product/src/main.ts', name], {
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const label = `[${name}] `;
    for (const stream of [child.stdout, child.stderr]) {
      let buffered = '';
      stream?.on('data', (chunk: Buffer) => {
        buffered += chunk.toString();
        const lines = buffered.split('\n');
        buffered = lines.pop() ?? '';
        for (const line of lines) process.stdout.write(`${label}${line}\n`);
      });
    }
    child.on('exit', (code, signal) => {
      if (!stopping) {
        process.stderr.write(`${label}exited (${signal ?? code}); stopping the others\n`);
        stopAll(code || 1);
      }
    });
    children.push(child);
  }
  process.on('SIGINT', () => stopAll(0));
  process.on('SIGTERM', () => stopAll(0));
  const shared = sharedByEveryProcess(process.env);
  process.stdout.write(
    `Starting ${plan.map((p) => p.name).join(', ')} as separate processes; the gateway listens on ${shared.LISTEN_HOST} port ${process.env.PORT ?? GATEWAY.port}.\n` +
      `Secrets not set in the environment are generated once in ${shared.DATA_DIR}; with the development SMS provider, sign-in codes go to ${process.env.SMS_OUTBOX_FILE || join(shared.DATA_DIR, 'sms-outbox.txt')}.\n`,
  );
}

startAll(distributedPlan(SERVICES, process.env));
