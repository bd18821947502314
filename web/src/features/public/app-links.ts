/**
 * Where the driver app lives: its store listings are set at build time (VITE_DRIVER_APP_ANDROID_URL,
 * VITE_DRIVER_APP_IOS_URL) by whoever publishes the app; the deep link is the app's own scheme.
 */
export const APP_LINKS = {
  android: import.meta.env.VITE_DRIVER_APP_ANDROID_URL || undefined,
  ios: import.meta.env.VITE_DRIVER_APP_IOS_URL || undefined,
  deepLink: import.meta.env.VITE_DRIVER_APP_DEEP_LINK || 'fleetdriver://open',
};

export type Platform = 'android' | 'ios' | 'desktop';

export function platformOf(userAgent: string): Platform {
  if (/android/i.test(userAgent)) return 'android';
  if (/iphone|ipad|ipod/i.test(userAgent) || (/macintosh/i.test(userAgent) && /mobile/i.test(userAgent)))
    return 'ios';
  return 'desktop';
}
