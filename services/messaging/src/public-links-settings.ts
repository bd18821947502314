// Where the passengers' pages are reached from a text: PUBLIC_BASE_URL, the address people open the
// product at. Outside production it defaults to the product's own address, http://localhost:<PORT> (the
// gateway's port, 3000 unless given); production requires it, over https (a link carries its page's only
// key).
import { type Environment, env, loadConfig } from '@fleet/platform';
import { z } from 'zod';

export const DEVELOPMENT_PUBLIC_BASE_URL = 'http://localhost:3000';

/** The gateway's own address on this machine; port 0 (any free port, in tests) names none, so 3000. */
const localAddress = (port: number) => (port ? `http://localhost:${port}` : DEVELOPMENT_PUBLIC_BASE_URL);

const publicLinksSchema = z
  .object({
    NODE_ENV: env.nodeEnv(),
    PORT: env.port(3000),
    PUBLIC_BASE_URL: z
      .url({ protocol: /^https?$/, message: 'expected the http(s) address the product is opened at' })
      .refine((url) => !/[?#]/.test(url), 'expected an address without a query or fragment')
      .optional(),
  })
  .superRefine((config, ctx) => {
    if (config.NODE_ENV !== 'production') return;
    if (!config.PUBLIC_BASE_URL) {
      ctx.addIssue({
        code: 'custom',
        path: ['PUBLIC_BASE_URL'],
        message:
          'required in production: the https address passengers open their duty slip and feedback links at',
      });
    } else if (!config.PUBLIC_BASE_URL.startsWith('https://')) {
      ctx.addIssue({
        code: 'custom',
        path: ['PUBLIC_BASE_URL'],
        message: 'expected an https address in production',
      });
    }
  });

/** The base of the links texted to passengers, without a trailing slash. */
export function publicBaseUrlOf(environment: Environment): string {
  const config = loadConfig(publicLinksSchema, environment);
  return (config.PUBLIC_BASE_URL ?? localAddress(config.PORT)).replace(/\/+$/, '');
}
