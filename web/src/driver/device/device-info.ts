// What the app tells the office about the phone it runs on (driver.registerDevice): its model and
// operating system, from the browser's client hints where it gives them (Chromium), else read from the
// user-agent text.

export interface DeviceInfo {
  deviceModel: string;
  deviceOs: string;
}

/** The model and OS a user-agent text names; '' for what it does not. */
export function deviceFromUserAgent(userAgent: string): DeviceInfo {
  const android = /Android\s([\d.]+)(?:;\s*([^;)]+))?/.exec(userAgent);
  if (android) {
    const model = (android[2] ?? '').replace(/\s+Build\/.*$/, '').trim();
    // Chrome's reduced user agent says only "K" for the model.
    return { deviceModel: model === 'K' ? '' : model, deviceOs: `Android ${android[1]}` };
  }
  const apple = /(iPhone|iPad|iPod).*?OS\s(\d+(?:_\d+)*)/.exec(userAgent);
  if (apple) return { deviceModel: apple[1] ?? '', deviceOs: `iOS ${(apple[2] ?? '').replace(/_/g, '.')}` };
  const os = /Windows/.test(userAgent)
    ? 'Windows'
    : /Mac OS X/.test(userAgent)
      ? 'macOS'
      : /CrOS/.test(userAgent)
        ? 'ChromeOS'
        : /Linux/.test(userAgent)
          ? 'Linux'
          : '';
  return { deviceModel: '', deviceOs: os };
}

/** Client hints (navigator.userAgentData), which TypeScript's DOM types do not describe yet. */
interface UserAgentData {
  getHighEntropyValues(
    hints: string[],
  ): Promise<{ model?: string; platform?: string; platformVersion?: string }>;
}
const hasClientHints = (nav: Navigator): nav is Navigator & { userAgentData: UserAgentData } =>
  'userAgentData' in nav &&
  typeof nav.userAgentData === 'object' &&
  nav.userAgentData !== null &&
  'getHighEntropyValues' in nav.userAgentData;

const clip = (text: string, max: number) => text.trim().slice(0, max);

/** This phone's model and OS, within what registerDevice takes (100 and 60 characters). */
export async function deviceInfo(nav: Navigator = navigator): Promise<DeviceInfo> {
  const fromText = deviceFromUserAgent(nav.userAgent);
  let info = fromText;
  if (hasClientHints(nav)) {
    try {
      const hints = await nav.userAgentData.getHighEntropyValues(['model', 'platformVersion']);
      info = {
        deviceModel: hints.model || fromText.deviceModel,
        deviceOs: hints.platform
          ? `${hints.platform} ${hints.platformVersion ?? ''}`.trim()
          : fromText.deviceOs,
      };
    } catch {
      // The browser may refuse high-entropy hints; the user-agent text will do.
    }
  }
  return { deviceModel: clip(info.deviceModel, 100), deviceOs: clip(info.deviceOs, 60) };
}
