import { type FirebaseWebApp, type PushEnvironment, pushTokenIn } from './push-token';

const firebase: FirebaseWebApp = {
  apiKey: 'AIzaSyD-3xampleKey_0123456789abcdefghi',
  projectId: 'konkan-cabs',
  messagingSenderId: '123456789012',
  appId: '1:123456789012:web:0a1b2c3d4e5f6a7b',
  vapidKey: `B${'k'.repeat(86)}`,
};
const worker = { scope: 'https://fleet.example.com/driver/' } as ServiceWorkerRegistration;

/** A phone whose driver answers the permission prompt with `answer`; records what was asked. */
function phone(overrides: Partial<PushEnvironment> = {}, answer: NotificationPermission = 'granted') {
  const asked: string[] = [];
  const env: PushEnvironment = {
    firebaseWebApp: async () => firebase,
    permission: () => 'default',
    requestPermission: async () => {
      asked.push('permission');
      return answer;
    },
    serviceWorker: async () => worker,
    firebaseToken: async (app, registration) => {
      asked.push(`token of ${app.projectId} for ${registration.scope}`);
      return 'fcm-token-1';
    },
    ...overrides,
  };
  return { env, asked };
}

it('asks the driver once, then Firebase for the token through the driver app’s service worker', async () => {
  const { env, asked } = phone();
  expect(await pushTokenIn(env)).toBe('fcm-token-1');
  expect(asked).toEqual(['permission', 'token of konkan-cabs for https://fleet.example.com/driver/']);
});

it('does not ask again once the driver allowed notifications', async () => {
  const { env, asked } = phone({ permission: () => 'granted' });
  expect(await pushTokenIn(env)).toBe('fcm-token-1');
  expect(asked).toEqual(['token of konkan-cabs for https://fleet.example.com/driver/']);
});

it('registers no token, and asks nothing, where pushes are not configured or not possible', async () => {
  for (const overrides of [
    { firebaseWebApp: async () => null },
    { permission: () => 'unsupported' as const },
    { permission: () => 'denied' as const },
  ]) {
    const { env, asked } = phone(overrides);
    expect(await pushTokenIn(env)).toBe('');
    expect(asked).toEqual([]);
  }
});

it('registers no token when the driver says no', async () => {
  const { env, asked } = phone({}, 'denied');
  expect(await pushTokenIn(env)).toBe('');
  expect(asked).toEqual(['permission']);
});

it('cannot tell, and keeps the token held, without a service worker or when Firebase fails', async () => {
  expect(await pushTokenIn(phone({ serviceWorker: async () => undefined }).env)).toBeUndefined();
  const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
  const unreachable = phone({
    firebaseToken: async () => {
      throw new Error('messaging/token-subscribe-failed');
    },
  });
  expect(await pushTokenIn(unreachable.env)).toBeUndefined();
  expect(warn).toHaveBeenCalledWith('No push token from Firebase this time:', expect.any(Error));
  warn.mockRestore();
});
