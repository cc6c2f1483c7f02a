import Bowser from 'bowser';

/** A user agent in words: the browser and the operating system, as a person knows them. */
export interface DeviceDescription {
  /** `Chrome 131`, `Firefox`, or `An unknown browser`. */
  browser: string;
  /** `macOS 14.5`, `Windows 10`, `Android 14`, or `an unknown system`. */
  os: string;
}

const UNKNOWN: DeviceDescription = Object.freeze({ browser: 'An unknown browser', os: 'an unknown system' });

/** Reads the browser and operating system from a User-Agent header (bowser); unknown parts say so. */
export function describeUserAgent(userAgent: string | null | undefined): DeviceDescription {
  if (!userAgent) return UNKNOWN;
  const parsed = Bowser.parse(userAgent.slice(0, 1024));
  const major = parsed.browser.version?.split('.')[0];
  const browser = parsed.browser.name ? (major ? `${parsed.browser.name} ${major}` : parsed.browser.name) : UNKNOWN.browser;
  const osVersion = parsed.os.versionName ?? parsed.os.version;
  const os = parsed.os.name ? (osVersion ? `${parsed.os.name} ${osVersion}` : parsed.os.name) : UNKNOWN.os;
  return { browser, os };
}

/** `Chrome 131 on macOS 14.5`. */
export function deviceLine(userAgent: string | null | undefined): string {
  const { browser, os } = describeUserAgent(userAgent);
  return `${browser} on ${os}`;
}
