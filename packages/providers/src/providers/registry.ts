import { raise, systemClock, type Clock, type Logger } from '@tend/kernel';
import { validateProvidersSettings, type EnabledSettings, type ProvidersSettings } from '../config.js';
import { PROVIDER_ERRORS } from '../error-codes.js';
import { DEFAULT_PROVIDER_TIMEOUT_MS, ProviderHttp } from '../http/provider-http.js';
import { PROVIDER_IDS, type OAuthProvider, type ProviderId, type ProviderLookup } from '../oauth-provider.port.js';
import { apple } from './apple.js';
import { discord } from './discord.js';
import { dropbox } from './dropbox.js';
import { facebook } from './facebook.js';
import { github } from './github.js';
import { gitlab } from './gitlab.js';
import { google } from './google.js';
import { kick } from './kick.js';
import { linkedin } from './linkedin.js';
import { microsoft } from './microsoft.js';
import type { ProviderContext } from './oauth2.js';
import { reddit } from './reddit.js';
import { roblox } from './roblox.js';
import { spotify } from './spotify.js';
import { tiktok } from './tiktok.js';
import { twitch } from './twitch.js';
import { twitter } from './twitter.js';
import { vk } from './vk.js';
import { zoom } from './zoom.js';

type Factory<K extends ProviderId> = (settings: EnabledSettings<K>, context: ProviderContext) => OAuthProvider;

const FACTORIES: { [K in ProviderId]: Factory<K> } = {
  apple,
  discord,
  facebook,
  github,
  microsoft,
  google,
  spotify,
  twitch,
  twitter,
  dropbox,
  kick,
  linkedin,
  gitlab,
  tiktok,
  reddit,
  roblox,
  vk,
  zoom,
};

export interface ProvidersOptions {
  /** Settings by provider id; a provider is enabled when its clientId and clientSecret are set. */
  providers: ProvidersSettings;
  /** AUTH_PROVIDER_URL_REWRITE: the test seam (see ProviderHttp). */
  urlRewrite?: string | null;
  /** AUTH_PROVIDER_TIMEOUT_MS: default 5000. */
  timeoutMs?: number;
  clock?: Clock;
  logger?: Logger;
  /** The fetch to use (the global one by default). */
  fetch?: typeof fetch;
}

/** The enabled providers, built from validated settings; unknown and disabled ids are not found. */
export class ProviderRegistry implements ProviderLookup {
  private readonly providers = new Map<ProviderId, OAuthProvider>();
  private readonly policies = new Map<ProviderId, { disableSignUp: boolean; disableImplicitSignUp: boolean }>();
  readonly http: ProviderHttp;

  constructor(options: ProvidersOptions) {
    validateSeam(options);
    const enabled = validateProvidersSettings(options.providers as Record<string, unknown>);
    this.http = new ProviderHttp({ urlRewrite: options.urlRewrite, timeoutMs: options.timeoutMs, fetch: options.fetch, logger: options.logger });
    const context: ProviderContext = { http: this.http, clock: options.clock ?? systemClock };
    for (const id of PROVIDER_IDS) {
      const settings = enabled[id];
      if (!settings) continue;
      this.providers.set(id, (FACTORIES[id] as Factory<typeof id>)(settings as EnabledSettings<typeof id>, context));
      this.policies.set(id, { disableSignUp: settings.disableSignUp === true, disableImplicitSignUp: settings.disableImplicitSignUp === true });
    }
  }

  get(id: string): OAuthProvider | null {
    return this.providers.get(id as ProviderId) ?? null;
  }

  /** The provider of `id`, or 404 Provider not found. */
  require(id: string): OAuthProvider {
    const provider = this.get(id);
    if (!provider) throw raise(PROVIDER_ERRORS.PROVIDER_NOT_FOUND);
    return provider;
  }

  signUpPolicy(id: string): { disableSignUp: boolean; disableImplicitSignUp: boolean } {
    return this.policies.get(id as ProviderId) ?? { disableSignUp: false, disableImplicitSignUp: false };
  }

  /** The ids of the enabled providers, in the spec's order (for the sign-in buttons). */
  enabledIds(): ProviderId[] {
    return [...this.providers.keys()];
  }
}

function validateSeam(options: ProvidersOptions): void {
  if (options.urlRewrite) {
    let url: URL | null = null;
    try {
      url = new URL(options.urlRewrite);
    } catch {
      url = null;
    }
    if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:') || url.search || url.hash) {
      throw raise(PROVIDER_ERRORS.INVALID_PROVIDER_CONFIGURATION, { setting: 'urlRewrite' });
    }
  }
  const timeout = options.timeoutMs ?? DEFAULT_PROVIDER_TIMEOUT_MS;
  if (!Number.isInteger(timeout) || timeout < 1 || timeout > 120_000) throw raise(PROVIDER_ERRORS.INVALID_PROVIDER_CONFIGURATION, { setting: 'timeoutMs' });
}
