/** Session constants of the spec (section 9), in seconds; every one can be configured. */
export interface SessionConfig {
  /** Lifetime of a remembered session. */
  expiresIn: number;
  /** A session older than this is extended on use. */
  updateAge: number;
  /** A session younger than this is fresh (sensitive actions need a fresh session). */
  freshAge: number;
  /** Lifetime of a session created with rememberMe=false. */
  shortExpiresIn: number;
}

export const DEFAULT_SESSION_CONFIG: SessionConfig = {
  expiresIn: 604_800,
  updateAge: 86_400,
  freshAge: 86_400,
  shortExpiresIn: 86_400,
};

/** Length of a session token. */
export const SESSION_TOKEN_LENGTH = 32;
