/** The relying party passkeys belong to; the gateway fills it from AUTH_WEB_URL or AUTH_PASSKEY_*. */
export interface PasskeySettings {
  /** The relying-party id: the web app's host name (`tend.example`). */
  rpID: string;
  /** The name authenticators show (`Tend`). */
  rpName: string;
  /** The one origin whose WebAuthn answers are accepted (`https://tend.example`). */
  origin: string;
  /** Seconds a challenge lives (300). */
  challengeLifetime: number;
}

/** The settings with defaults for what is not given (localhost, for tests). */
export function passkeySettings(overrides: Partial<PasskeySettings> = {}): PasskeySettings {
  return { rpID: 'localhost', rpName: 'Tend', origin: 'http://localhost:3001', challengeLifetime: 300, ...overrides };
}
