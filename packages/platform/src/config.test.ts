import { z } from 'zod';
import { ConfigError, env, loadConfig } from './config';

const schema = z.object({
  PORT: env.port(3000),
  SIGNUP_ENABLED: env.boolean(true),
  NATS_URL: env.url('nats://127.0.0.1:4222'),
});

describe('configuration from the environment', () => {
  it('applies defaults for absent and empty variables', () => {
    expect(loadConfig(schema, { PORT: '' })).toEqual({
      PORT: 3000,
      SIGNUP_ENABLED: true,
      NATS_URL: 'nats://127.0.0.1:4222',
    });
  });

  it('parses booleans and ports', () => {
    expect(loadConfig(schema, { PORT: '8080', SIGNUP_ENABLED: 'false' })).toMatchObject({
      PORT: 8080,
      SIGNUP_ENABLED: false,
    });
  });

  it('names every bad variable', () => {
    let error: unknown;
    try {
      loadConfig(schema, { PORT: 'eighty', SIGNUP_ENABLED: 'maybe' });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as ConfigError).problems.map((p) => p.variable)).toEqual(['PORT', 'SIGNUP_ENABLED']);
    expect((error as Error).message).toContain('SIGNUP_ENABLED: expected true or false');
  });
});
