/** Where the provider flows live on the public web: the gateway's mount point and defaults. */
export interface ProviderRoutesConfig {
  /** The public auth base URL (`https://tend.app/api/auth`); redirect URIs are `<base>/callback/<id>`. */
  authBaseURL: string;
  /** Where failed callbacks go when the sign-in named no errorCallbackURL (default `<authBaseURL>/error`). */
  errorURL?: string;
  /** The callbackURL of a sign-in that names none (the app's base URL); without it, callbackURL is required. */
  defaultCallbackURL?: string;
}

export function redirectURIOf(config: ProviderRoutesConfig, providerId: string): string {
  return `${trimSlash(config.authBaseURL)}/callback/${providerId}`;
}

export function defaultErrorURLOf(config: ProviderRoutesConfig): string {
  return config.errorURL ?? `${trimSlash(config.authBaseURL)}/error`;
}

function trimSlash(url: string): string {
  return url.replace(/\/+$/, '');
}
