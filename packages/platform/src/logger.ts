import { type Logger, pino } from 'pino';

export type { Logger } from 'pino';

export interface LoggerOptions {
  name: string;
  level?: string;
  /** Where lines go; stdout when absent. Tests pass a stream to read what was logged. */
  destination?: pino.DestinationStream;
}

/** JSON logs, one line each; the request id travels in the `requestId` field of child loggers. */
export function createLogger({ name, level = 'info', destination }: LoggerOptions): Logger {
  return pino(
    {
      name,
      level,
      base: { service: name },
      timestamp: pino.stdTimeFunctions.isoTime,
      redact: {
        paths: ['token', '*.token', 'code', '*.code', 'authorization', '*.authorization'],
        remove: true,
      },
    },
    destination,
  );
}

export function withRequestId(logger: Logger, requestId: string | undefined): Logger {
  return requestId ? logger.child({ requestId }) : logger;
}
