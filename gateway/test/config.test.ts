import { ConfigError, loadConfig } from '@fleet/platform';
import { gatewayConfigSchema } from '../src';

describe('gateway configuration', () => {
  it('has sensible defaults', () => {
    expect(loadConfig(gatewayConfigSchema, {})).toEqual({
      PORT: 3000,
      ALLOWED_ORIGINS: [],
      TRUST_PROXY: false,
      RATE_LIMIT_PER_MINUTE: 600,
      RATE_LIMIT_PER_USER_PER_MINUTE: 1200,
      RATE_LIMIT_SIGN_IN_PER_IP_PER_MINUTE: 30,
      RATE_LIMIT_SIGN_IN_PER_PHONE_PER_MINUTE: 10,
      SESSION_CACHE_SECONDS: 15,
      SESSION_CACHE_SIZE: 10_000,
      NODE_ENV: 'development',
      LOG_LEVEL: 'info',
    });
  });

  it('reads a comma list of origins, normalised', () => {
    const config = loadConfig(gatewayConfigSchema, {
      ALLOWED_ORIGINS: 'https://ops.example.com/, http://localhost:5173',
    });
    expect(config.ALLOWED_ORIGINS).toEqual(['https://ops.example.com', 'http://localhost:5173']);
  });

  it('names the variable when an origin is not one', () => {
    expect(() => loadConfig(gatewayConfigSchema, { ALLOWED_ORIGINS: 'ops.example.com' })).toThrow(
      ConfigError,
    );
    expect(() => loadConfig(gatewayConfigSchema, { ALLOWED_ORIGINS: 'ops.example.com' })).toThrow(
      /ALLOWED_ORIGINS/,
    );
  });

  it.each([
    ['true', true],
    ['false', false],
    ['2', 2],
    ['loopback, 10.0.0.0/8', 'loopback, 10.0.0.0/8'],
  ])('reads TRUST_PROXY=%s', (value, expected) => {
    expect(loadConfig(gatewayConfigSchema, { TRUST_PROXY: value }).TRUST_PROXY).toEqual(expected);
  });

  it('refuses a rate limit that is not a positive whole number', () => {
    expect(() => loadConfig(gatewayConfigSchema, { RATE_LIMIT_PER_MINUTE: '0' })).toThrow(
      /RATE_LIMIT_PER_MINUTE/,
    );
    expect(() => loadConfig(gatewayConfigSchema, { RATE_LIMIT_SIGN_IN_PER_PHONE_PER_MINUTE: '1.5' })).toThrow(
      /RATE_LIMIT_SIGN_IN_PER_PHONE_PER_MINUTE/,
    );
  });

  it('refuses a budget too small for a page of 1,000 rows (10 tokens), which could never be listed', () => {
    expect(() => loadConfig(gatewayConfigSchema, { RATE_LIMIT_PER_USER_PER_MINUTE: '9' })).toThrow(
      /RATE_LIMIT_PER_USER_PER_MINUTE: expected at least 10/,
    );
    expect(loadConfig(gatewayConfigSchema, { RATE_LIMIT_PER_MINUTE: '10' }).RATE_LIMIT_PER_MINUTE).toBe(10);
  });

  describe("the Firebase web app of the driver app's pushes", () => {
    const console = {
      apiKey: 'AIzaSyD-3xampleKey_0123456789abcdefghi',
      authDomain: 'fleet-ops.firebaseapp.com',
      projectId: 'fleet-ops',
      storageBucket: 'fleet-ops.appspot.com',
      messagingSenderId: '123456789012',
      appId: '1:123456789012:web:0a1b2c3d4e5f6a7b',
      vapidKey: `B${'x'.repeat(86)}`,
    };

    it("reads the console's config with the web push key and drops what pushes do not use", () => {
      const config = loadConfig(gatewayConfigSchema, { FIREBASE_WEB_CONFIG: JSON.stringify(console) });
      expect(config.FIREBASE_WEB_CONFIG).toEqual({
        apiKey: console.apiKey,
        projectId: 'fleet-ops',
        messagingSenderId: '123456789012',
        appId: console.appId,
        vapidKey: console.vapidKey,
      });
    });

    it('is absent unless set', () => {
      expect(
        loadConfig(gatewayConfigSchema, { FIREBASE_WEB_CONFIG: '' }).FIREBASE_WEB_CONFIG,
      ).toBeUndefined();
    });

    it('names the variable and the key that is wrong', () => {
      const { vapidKey: _, ...withoutKey } = console;
      expect(() =>
        loadConfig(gatewayConfigSchema, { FIREBASE_WEB_CONFIG: JSON.stringify(withoutKey) }),
      ).toThrow(/FIREBASE_WEB_CONFIG: vapidKey: /);
      expect(() =>
        loadConfig(gatewayConfigSchema, {
          FIREBASE_WEB_CONFIG: JSON.stringify({ ...console, appId: '1:2:ios:ab' }),
        }),
      ).toThrow(/FIREBASE_WEB_CONFIG: appId: expected the web app id/);
      expect(() => loadConfig(gatewayConfigSchema, { FIREBASE_WEB_CONFIG: "{apiKey:'x'}" })).toThrow(
        /FIREBASE_WEB_CONFIG: expected JSON/,
      );
    });
  });
});
