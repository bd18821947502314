import { z } from 'zod';

/** Thrown when the environment does not satisfy a module's configuration schema. */
export class ConfigError extends Error {
  constructor(readonly problems: { variable: string; message: string }[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  ${p.variable}: ${p.message}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/**
 * Parses environment variables once, at start. Each key of the schema is the variable's name, so a
 * problem always names the variable to fix.
 */
export function loadConfig<S extends z.ZodObject>(
  schema: S,
  env: Record<string, string | undefined> = process.env,
): z.infer<S> {
  const relevant: Record<string, string | undefined> = {};
  for (const key of Object.keys(schema.shape)) {
    const value = env[key];
    relevant[key] = value === '' ? undefined : value;
  }
  const parsed = schema.safeParse(relevant);
  if (parsed.success) return parsed.data;
  throw new ConfigError(
    parsed.error.issues.map((issue) => ({
      variable: String(issue.path[0] ?? '(configuration)'),
      message: issue.message,
    })),
  );
}

/** Stops the process with a readable message when configuration is bad; other errors propagate. */
export function exitOnConfigError<T>(load: () => T): T {
  try {
    return load();
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(78); // EX_CONFIG
    }
    throw error;
  }
}

/** Reusable pieces for configuration schemas. */
export const env = {
  boolean: (fallback: boolean) =>
    z
      .enum(['true', 'false', '1', '0', 'yes', 'no'], { message: 'expected true or false' })
      .default(fallback ? 'true' : 'false')
      .transform((v) => v === 'true' || v === '1' || v === 'yes'),
  port: (fallback: number) =>
    z.coerce
      .number({ message: 'expected a port number' })
      .int('expected a whole port number')
      .min(0)
      .max(65535)
      .default(fallback),
  positiveInt: (fallback: number) =>
    z.coerce
      .number({ message: 'expected a number' })
      .int('expected a whole number')
      .positive()
      .default(fallback),
  url: (fallback: string) => z.string().url('expected a URL').default(fallback),
  /** Where this installation keeps its local files: embedded mode's database, generated secrets, the development SMS outbox. */
  dataDir: () => z.string().default('./.data'),
  nodeEnv: () => z.enum(['development', 'production', 'test']).default('development'),
  logLevel: () => z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
};
