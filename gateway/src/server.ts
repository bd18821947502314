import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { DomainError, type EventBus, type Logger, type SigningKey } from '@fleet/platform';
import { createExpressMiddleware } from '@trpc/server/adapters/express';
import compression from 'compression';
import { parseCookie } from 'cookie';
import express, { type ErrorRequestHandler, type Request, type Response } from 'express';
import helmet from 'helmet';
import { createAuthenticator } from './auth/authenticator';
import { FIREBASE_PUSH_TOKEN_ORIGINS, type GatewayConfig } from './config';
import { createContext, type GatewayServices } from './context';
import { INTERNAL_MESSAGE, wasLogged } from './errors';
import { bodyLimit, MAX_BODY_BYTES } from './http/body-limit';
import { compressAnswers } from './http/compress-answers';
import { csrfProtection } from './http/csrf';
import { DOCUMENTS_PATH, documentsRouter } from './http/documents';
import { EXPORTS_PATH, exportsRouter } from './http/exports';
import { FILES_PATH, filesRouter } from './http/files';
import { MSG91_WEBHOOK_PATH, msg91WebhookRouter, withoutWebhookSecret } from './http/msg91-webhook';
import { publicLinksRouter } from './http/public-links';
import {
  checkReadiness,
  type ReadinessProbe,
  type ReadinessReport,
  readinessHandler,
} from './http/readiness';
import { replyWithError, TRPC_PATH } from './http/reply';
import { requestTrail } from './http/request-trail';
import { spaRouter } from './http/spa';
import { WHATSAPP_WEBHOOK_PATH, whatsAppWebhookRouter } from './http/whatsapp-webhook';
import { createDutyChanges } from './live/duty-changes';
import { createRateLimits } from './rate-limits';
import { appRouter } from './routers/_app';
import { TOKEN_COOKIE } from './routers/session-cookies';
import { createSharedReports } from './shared-reports';

export interface GatewayOptions {
  /** The service clients (`identity`, `bookings`, …), which every request's context carries. */
  services: GatewayServices;
  /** The keys identity signs sessions with (AUTH_JWT_KEYS), so tokens are verified here. */
  signingKeys: SigningKey[];
  /** Where identity's events arrive: they empty the cache of what identity said about sessions. */
  bus: EventBus;
  config: GatewayConfig;
  logger: Logger;
  /** Checks behind GET /readyz and readiness(), by service name, e.g. `{ identity: () => … }`. */
  readiness: Record<string, ReadinessProbe>;
  /** The built web app; served with a history fallback when the folder has an index.html. */
  webDist?: string;
}

export interface RunningGateway {
  port: number;
  /**
   * Each service the gateway needs and what is wrong with it: for operators, on the metrics listener;
   * the public GET /readyz answers only ready or not.
   */
  readiness(): Promise<ReadinessReport>;
  /** Stops accepting, lets requests in flight finish (up to `graceMs`), then closes. */
  close(graceMs?: number): Promise<void>;
}

const MAX_BATCH_SIZE = 50;

/** The session token: the `token` cookie, else an `Authorization: Bearer` header. */
function tokenOf(req: Request): string | undefined {
  const cookie = req.headers.cookie ? parseCookie(req.headers.cookie)[TOKEN_COOKIE] : undefined;
  if (cookie) return cookie;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(req.get('authorization') ?? '');
  return match?.[1];
}

const routeKind = (req: Request) => {
  const path = req.originalUrl.split('?')[0] ?? '';
  if (path.startsWith(TRPC_PATH)) return 'trpc';
  if (path === '/healthz' || path === '/readyz') return path.slice(1);
  if (path.startsWith('/api')) return 'api';
  return 'web';
};

function buildGateway(options: GatewayOptions) {
  const { config, logger } = options;
  const { services } = options;
  const authenticator = createAuthenticator({
    identity: services.identity,
    signingKeys: options.signingKeys,
    bus: options.bus,
    logger,
    maxAgeMs: config.SESSION_CACHE_SECONDS * 1000,
    maxEntries: config.SESSION_CACHE_SIZE,
  });
  const dutyChanges = createDutyChanges({ bus: options.bus, logger });
  const sharedReports = createSharedReports({ ttlMs: 1_000, capacity: 1_000 });
  const rateLimits = createRateLimits(config);
  const state = { stopping: false };
  const readiness = () => checkReadiness(options.readiness, () => state.stopping);
  const production = config.NODE_ENV === 'production';
  const app = express();
  app.set('trust proxy', config.TRUST_PROXY);
  app.disable('x-powered-by');
  app.set('etag', false);
  // gzip: the API's JSON answers in one step when complete (compress-answers.ts), the SPA's files
  // (its JavaScript shrinks about 3x) and everything else through the streaming middleware.
  const streamingGzip = compression();
  app.use(TRPC_PATH, compressAnswers());
  app.use((req, res, next) => (req.path.startsWith(TRPC_PATH) ? next() : streamingGzip(req, res, next)));

  app.use(
    requestTrail({
      logger,
      routeOf: routeKind,
      unlogged: (req) => req.path === '/healthz' || req.path === '/readyz',
      // Only what is needed to follow a request: no headers (cookies, tokens), no query (inputs).
      pathOf: (req) => withoutWebhookSecret(req.originalUrl.split('?')[0] ?? ''),
    }),
  );

  app.use(
    helmet({
      contentSecurityPolicy: {
        useDefaults: true,
        directives: {
          defaultSrc: ["'self'"],
          scriptSrc: ["'self'"],
          styleSrc: ["'self'", "'unsafe-inline'"],
          // The map tiles of the passenger's slip come from the configured tile server, if any.
          imgSrc: [
            "'self'",
            'data:',
            'blob:',
            ...(config.MAP_TILE_URL ? [new URL(config.MAP_TILE_URL).origin] : []),
          ],
          // The driver app asks Firebase for its push token when pushes are configured.
          connectSrc: ["'self'", ...(config.FIREBASE_WEB_CONFIG ? FIREBASE_PUSH_TOKEN_ORIGINS : [])],
          fontSrc: ["'self'", 'data:'],
          objectSrc: ["'none'"],
          frameAncestors: ["'none'"],
          upgradeInsecureRequests: production ? [] : null,
        },
      },
      strictTransportSecurity: production,
    }),
  );

  app.get('/healthz', (_req, res) => {
    res.type('text/plain').set('Cache-Control', 'no-store').send('ok');
  });
  app.get(
    '/readyz',
    readinessHandler(readiness, () => state.stopping),
  );

  const contextOf = (req: Request, res: Response) =>
    createContext({
      token: tokenOf(req),
      clientIp: req.ip ?? req.socket.remoteAddress ?? '',
      userAgent: req.get('user-agent') ?? '',
      requestId: res.locals.requestId as string,
      setCookie: (name, value, cookieOptions) => res.cookie(name, value, cookieOptions),
      clearCookie: (name, cookieOptions) => res.clearCookie(name, cookieOptions),
      services,
      authenticator,
      dutyChanges,
      sharedReports,
      rateLimits,
      logger: req.log,
      production,
      mapTileUrl: config.MAP_TILE_URL,
      firebaseWebConfig: config.FIREBASE_WEB_CONFIG,
    });

  // Uploads carry raw bytes up to the upload limit; every other /api request is JSON up to 1 MB. Rate
  // limits are charged per procedure call (the guard) and per file or document request, not here.
  app.use(
    FILES_PATH,
    csrfProtection(config.ALLOWED_ORIGINS, 'application/octet-stream'),
    filesRouter(contextOf),
  );
  // Providers' webhooks come from their servers, not a browser: no session, no origin, their own body.
  app.use(
    MSG91_WEBHOOK_PATH,
    msg91WebhookRouter({ secret: config.MSG91_WEBHOOK_SECRET, messaging: services.messaging, logger }),
  );
  // Meta posts from no origin of ours and signs the raw bytes: before the JSON checks, never parsed.
  app.use(
    WHATSAPP_WEBHOOK_PATH,
    bodyLimit(),
    whatsAppWebhookRouter({ config, messaging: services.messaging, logger }),
  );
  app.use('/api', csrfProtection(config.ALLOWED_ORIGINS), bodyLimit());
  app.use(EXPORTS_PATH, exportsRouter(contextOf));
  app.use(DOCUMENTS_PATH, documentsRouter(contextOf));
  app.use(
    TRPC_PATH,
    // Every answer is someone's data (or says who may see it): no browser or proxy keeps a copy.
    (_req, res, next) => {
      res.set('Cache-Control', 'no-store');
      next();
    },
    createExpressMiddleware({
      router: appRouter,
      allowBatching: true,
      // The web app splits batches at 2083-character URLs, so real batches are far smaller than this.
      maxBatchSize: MAX_BATCH_SIZE,
      maxBodySize: MAX_BODY_BYTES,
      createContext: ({ req, res }) => contextOf(req, res),
      responseMeta: ({ errors }) => {
        const retryAfter = Math.max(
          0,
          ...errors.map((e) => (e.cause instanceof DomainError ? e.cause.retryAfterSeconds : 0)),
        );
        return retryAfter > 0 ? { headers: { 'Retry-After': String(retryAfter) } } : {};
      },
      onError: ({ error, path, req }) => {
        if (
          error.code !== 'INTERNAL_SERVER_ERROR' ||
          wasLogged(error) ||
          (error.cause && wasLogged(error.cause))
        ) {
          return;
        }
        req.log.error({ err: error.cause ?? error, path }, 'unexpected error answering a tRPC request');
      },
    }),
  );
  app.use('/api', (req, res) => {
    replyWithError(req, res, 404, 'NOT_FOUND', `There is nothing at ${req.originalUrl.split('?')[0]}.`);
  });

  // The short links texted to passengers (/s/<token>, /f/<token>) lead to their pages.
  app.use(publicLinksRouter());

  if (options.webDist) {
    const spa = spaRouter(options.webDist);
    if (spa) app.use(spa);
    else logger.warn({ webDist: options.webDist }, 'the web app folder has no index.html; not serving it');
  }

  const lastResort: ErrorRequestHandler = (error, req, res, _next) => {
    req.log?.error({ err: error }, 'unexpected error answering a request');
    if (res.headersSent) {
      res.end();
      return;
    }
    replyWithError(req, res, 500, 'INTERNAL_SERVER_ERROR', INTERNAL_MESSAGE);
  };
  app.use(lastResort);

  return { app, state, authenticator, dutyChanges, readiness };
}

/** Listens on `config.PORT` (0 picks a free port). */
export async function startGateway(options: GatewayOptions & { host?: string }): Promise<RunningGateway> {
  const { app, state, authenticator, dutyChanges, readiness } = buildGateway(options);
  await authenticator.start();
  await dutyChanges.start();
  const server: Server = await new Promise((resolve, reject) => {
    const s = app.listen(options.config.PORT, options.host ?? '0.0.0.0', (error?: Error) =>
      error ? reject(error) : resolve(s),
    );
  });
  const port = (server.address() as AddressInfo).port;
  options.logger.info({ port }, 'gateway listening');
  let closing: Promise<void> | undefined;
  return {
    port,
    readiness,
    close(graceMs = 10_000) {
      closing ??= new Promise<void>((resolve) => {
        state.stopping = true;
        // Open streams end now, so the server closes when the last answer has gone.
        void dutyChanges.stop();
        const force = setTimeout(() => server.closeAllConnections(), graceMs);
        force.unref();
        server.close(() => {
          clearTimeout(force);
          authenticator.stop().then(resolve, resolve);
        });
        server.closeIdleConnections();
      });
      return closing;
    },
  };
}
