import { connect as netConnect } from 'node:net';

/** Whether something answers on host:port within the timeout. */
export function answers(host: string, port: number, timeoutMs = 1500): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = netConnect({ host, port });
    const done = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(timeoutMs, () => done(false));
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
  });
}

async function dockerAnswers(): Promise<boolean> {
  const { request } = await import('node:http');
  return new Promise((resolve) => {
    const req = request({ socketPath: '/var/run/docker.sock', path: '/_ping', timeout: 1000 }, (res) =>
      resolve(res.statusCode === 200),
    );
    req.on('error', () => resolve(false));
    req.on('timeout', () => {
      req.destroy();
      resolve(false);
    });
    req.end();
  });
}

/**
 * Finds a real server for tests: the URL from the environment or the local default when it answers;
 * otherwise a container through testcontainers when a Docker engine answers; otherwise a clear error
 * naming what is missing. testcontainers is imported only in that middle case.
 */
export async function resolveServer(options: {
  what: string;
  envVar: string;
  defaultUrl: string;
  startContainer: () => Promise<string>;
}): Promise<string> {
  const url = new URL(process.env[options.envVar] ?? options.defaultUrl);
  const port = Number(url.port || (url.protocol.startsWith('postgres') ? 5432 : 4222));
  if (await answers(url.hostname, port)) return url.toString();
  if (await dockerAnswers()) return options.startContainer();
  throw new Error(
    `${options.what} is needed for these tests and none answers at ${url.host} (set ${options.envVar}), ` +
      'and no Docker engine answers for testcontainers. Start the local service (see README, "Running the tests").',
  );
}
