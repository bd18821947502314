import { type ConfigError, loadConfig } from '@fleet/platform';
import { identityConfigSchema } from './config';

const load = (env: Record<string, string>) => loadConfig(identityConfigSchema, env);

describe('identity configuration', () => {
  it('parses fixed test codes and signing keys', () => {
    const config = load({
      AUTH_TEST_OTP: '+919800000001=123456, +919800000002=654321',
      AUTH_JWT_KEYS: 'new:0123456789abcdef0123456789abcdef,old:fedcba9876543210fedcba9876543210',
    });
    expect(config.AUTH_TEST_OTP?.get('+919800000002')).toBe('654321');
    expect(config.AUTH_JWT_KEYS?.map((k) => k.kid)).toEqual(['new', 'old']);
  });

  it('refuses fixed test codes in production, naming the variable', () => {
    expect(() =>
      load({
        NODE_ENV: 'production',
        AUTH_TEST_OTP: '+919800000001=123456',
        AUTH_JWT_KEYS: 'k:0123456789abcdef0123456789abcdef',
        OTP_HMAC_SECRET: '0123456789abcdef0123456789abcdef',
      }),
    ).toThrow(/AUTH_TEST_OTP: fixed sign-in codes are refused when NODE_ENV=production/);
  });

  it('requires real secrets in production, and no SMS settings: messaging texts the codes', () => {
    try {
      load({ NODE_ENV: 'production' });
      throw new Error('expected a ConfigError');
    } catch (error) {
      expect((error as ConfigError).problems.map((p) => p.variable)).toEqual([
        'AUTH_JWT_KEYS',
        'OTP_HMAC_SECRET',
      ]);
    }
    const config = load({
      NODE_ENV: 'production',
      AUTH_JWT_KEYS: 'k:0123456789abcdef0123456789abcdef',
      OTP_HMAC_SECRET: '0123456789abcdef0123456789abcdef',
      // Messaging's variable, which production refuses there; identity no longer reads it.
      SMS_PROVIDER: 'log',
    });
    expect(config.NODE_ENV).toBe('production');
    expect(config).not.toHaveProperty('SMS_PROVIDER');
  });

  it('explains a malformed test code or short key', () => {
    expect(() => load({ AUTH_TEST_OTP: '+91980=12' })).toThrow(
      /AUTH_TEST_OTP: expected \+<digits>=<6 digits>/,
    );
    expect(() => load({ AUTH_JWT_KEYS: 'k:short' })).toThrow(
      /AUTH_JWT_KEYS: the secret of key k must be at least 32/,
    );
  });
});
