// Where a push of a new duty reaches this phone: a Firebase Cloud Messaging registration token, asked of
// the operator's Firebase web app (driver.pushSettings) with the driver app's own service worker
// (scope /driver/), which shows the pushes (public/driver-push.js).
import { alone, driverClient } from '../api/client';

/** The operator's Firebase web app with its Web Push (VAPID) public key, as the gateway gives it. */
export interface FirebaseWebApp {
  apiKey: string;
  projectId: string;
  messagingSenderId: string;
  appId: string;
  vapidKey: string;
}

/** What asking for a push token needs of the phone and the server; the browser's below. */
export interface PushEnvironment {
  firebaseWebApp(): Promise<FirebaseWebApp | null>;
  /** 'unsupported' where the browser cannot receive pushes at all (no service worker, Push API or notifications). */
  permission(): NotificationPermission | 'unsupported';
  requestPermission(): Promise<NotificationPermission>;
  /** The driver app's service worker; none under the dev server or before it first installed. */
  serviceWorker(): Promise<ServiceWorkerRegistration | undefined>;
  firebaseToken(app: FirebaseWebApp, serviceWorker: ServiceWorkerRegistration): Promise<string>;
}

/**
 * The token to register: '' when this phone is not to be pushed to (pushes not configured, not
 * possible in this browser, or the driver said no), so the server forgets any it held; undefined when it
 * cannot tell now (no service worker yet, Firebase unreachable), so the token held is kept.
 */
export async function pushTokenIn(env: PushEnvironment): Promise<string | undefined> {
  const app = await env.firebaseWebApp();
  const permission = env.permission();
  if (!app || permission === 'unsupported' || permission === 'denied') return '';
  if (permission === 'default' && (await env.requestPermission()) !== 'granted') return '';
  const serviceWorker = await env.serviceWorker();
  if (!serviceWorker) return undefined;
  try {
    return await env.firebaseToken(app, serviceWorker);
  } catch (error) {
    console.warn('No push token from Firebase this time:', error);
    return undefined;
  }
}

const FIREBASE_APP_NAME = 'fleet-driver-push';

export const browserPushEnvironment: PushEnvironment = {
  firebaseWebApp: async () => (await driverClient.driver.pushSettings.query(undefined, alone)).firebase,
  permission: () =>
    'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window
      ? Notification.permission
      : 'unsupported',
  requestPermission: () => Notification.requestPermission(),
  serviceWorker: () => navigator.serviceWorker.getRegistration('/driver/'),
  // Firebase's SDK is fetched only by a phone that gets pushes, and only when it asks for its token.
  async firebaseToken({ vapidKey, ...config }, serviceWorkerRegistration) {
    const [{ getApps, initializeApp }, { getMessaging, getToken }] = await Promise.all([
      import('@firebase/app'),
      import('@firebase/messaging'),
    ]);
    const app =
      getApps().find((existing) => existing.name === FIREBASE_APP_NAME) ??
      initializeApp(config, FIREBASE_APP_NAME);
    return getToken(getMessaging(app), { vapidKey, serviceWorkerRegistration });
  },
};
