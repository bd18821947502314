import type { Logger } from './logger';

/**
 * Runs shutdown steps in reverse order of registration on SIGTERM/SIGINT: stop accepting, finish
 * in-flight work, then close pools and connections.
 */
export function handleShutdownSignals(logger: Logger, steps: (() => Promise<void>)[]): void {
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'shutting down');
    for (const step of [...steps].reverse()) {
      try {
        await step();
      } catch (error) {
        logger.error({ err: error }, 'shutdown step failed');
      }
    }
    logger.info('stopped');
    process.exit(0);
  };
  process.once('SIGTERM', () => void stop('SIGTERM'));
  process.once('SIGINT', () => void stop('SIGINT'));
}
