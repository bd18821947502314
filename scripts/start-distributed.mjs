#!/usr/bin/env node
// `npm run start:distributed`: the gateway and each service as separate processes talking gRPC over the
// network, on DATABASE_URL (default: the local PostgreSQL, database "fleet") and NATS_URL (default: the
// local NATS). Every process gets the same internal secret; Ctrl-C stops them all.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';

const shared = {
  ...process.env,
  INTERNAL_AUTH_SECRET: process.env.INTERNAL_AUTH_SECRET ?? randomBytes(32).toString('base64url'),
};
const identityPort = process.env.IDENTITY_GRPC_PORT ?? process.env.GRPC_PORT ?? '50051';
const bookingsPort = process.env.BOOKINGS_GRPC_PORT ?? '50052';
const mastersPort = process.env.MASTERS_GRPC_PORT ?? '50053';
const processes = [
  {
    name: 'identity',
    env: { GRPC_PORT: identityPort, METRICS_PORT: process.env.IDENTITY_METRICS_PORT ?? '9465' },
  },
  {
    name: 'bookings',
    env: { GRPC_PORT: bookingsPort, METRICS_PORT: process.env.BOOKINGS_METRICS_PORT ?? '9466' },
  },
  {
    name: 'masters',
    env: { GRPC_PORT: mastersPort, METRICS_PORT: process.env.MASTERS_METRICS_PORT ?? '9467' },
  },
  {
    name: 'gateway',
    env: {
      IDENTITY_URL: process.env.IDENTITY_URL ?? `http://127.0.0.1:${identityPort}`,
      BOOKINGS_URL: process.env.BOOKINGS_URL ?? `http://127.0.0.1:${bookingsPort}`,
      MASTERS_URL: process.env.MASTERS_URL ?? `http://127.0.0.1:${mastersPort}`,
      METRICS_PORT: process.env.GATEWAY_METRICS_PORT ?? '9464',
    },
  },
];

const children = [];
let stopping = false;
function stopAll(code) {
  if (stopping) return;
  stopping = true;
  for (const child of children) if (child.exitCode === null) child.kill('SIGTERM');
  setTimeout(() => process.exit(code), 15000).unref();
  Promise.all(children.map((c) => (c.exitCode !== null ? null : new Promise((r) => c.once('exit', r))))).then(
    () => process.exit(code),
  );
}

for (const { name, env } of processes) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'product/src/main.ts', name], {
    env: { ...shared, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const prefix = `[${name}] `;
  for (const stream of [child.stdout, child.stderr]) {
    let buffered = '';
    stream.on('data', (chunk) => {
      buffered += chunk;
      const lines = buffered.split('\n');
      buffered = lines.pop();
      for (const line of lines) process.stdout.write(`${prefix}${line}\n`);
    });
  }
  child.on('exit', (code, signal) => {
    if (!stopping) {
      process.stderr.write(`${prefix}exited (${signal ?? code}); stopping the others\n`);
      stopAll(code || 1);
    }
  });
  children.push(child);
}

process.on('SIGINT', () => stopAll(0));
process.on('SIGTERM', () => stopAll(0));
process.stdout.write(
  `Starting ${processes.map((p) => p.name).join(', ')} as separate processes; the gateway listens on port ${process.env.PORT ?? 3000}.\n`,
);
