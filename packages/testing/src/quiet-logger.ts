import { createLogger, type Logger } from '@fleet/platform';

/** Tests log only warnings and worse unless TEST_LOG_LEVEL asks for more. */
export function quietLogger(name = 'test'): Logger {
  return createLogger({ name, level: process.env.TEST_LOG_LEVEL ?? 'warn' });
}
