/// <reference types="vite/client" />

interface ImportMetaEnv {
  readonly VITE_DRIVER_APP_ANDROID_URL?: string;
  readonly VITE_DRIVER_APP_IOS_URL?: string;
  readonly VITE_DRIVER_APP_DEEP_LINK?: string;
}
