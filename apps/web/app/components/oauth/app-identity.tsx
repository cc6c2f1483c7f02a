// How an app that signs in with Tend is shown: its logo (or its initial), its name, and the access
// it asks for, in words a person understands.

/** What each standard scope gives the app, in words; a custom scope is shown by its name. */
export const SCOPE_WORDS: Readonly<Record<string, string>> = {
  openid: 'Confirm your identity',
  profile: 'See your name and picture',
  email: 'See your email address',
  offline_access: 'Stay connected when you are away',
};

export function scopeWords(scope: string): string {
  return SCOPE_WORDS[scope] ?? scope;
}

/** The app's logo (only https pictures: the page's policy allows no other), or its initial. Decorative: its name is always next to it. */
export function AppLogo({ name, logoUri, size = 'medium' }: { name: string; logoUri: string | null; size?: 'medium' | 'large' }) {
  const className = `app-logo app-logo--${size}`;
  if (logoUri && /^https:\/\//i.test(logoUri)) return <img className={className} src={logoUri} alt="" referrerPolicy="no-referrer" />;
  return (
    <span className={className} aria-hidden="true">
      {(name.trim().charAt(0) || '·').toUpperCase()}
    </span>
  );
}

/** A link to the app's site, when it has one on http(s). */
export function AppLink({ uri, name }: { uri: string | null; name: string }) {
  if (!uri || !/^https?:\/\//i.test(uri)) return null;
  return (
    <a href={uri} className="app-link" rel="noopener noreferrer" target="_blank">
      {hostOf(uri)}
      <span className="visually-hidden"> ({name}’s website, opens in a new tab)</span>
    </a>
  );
}

function hostOf(uri: string): string {
  try {
    return new URL(uri).host;
  } catch {
    return uri;
  }
}

/** The access asked or given, one line per scope. */
export function ScopeList({ scopes, labelledBy }: { scopes: readonly string[]; labelledBy: string }) {
  if (scopes.length === 0) return <p className="muted">No access beyond signing you in.</p>;
  return (
    <ul className="scope-list" aria-labelledby={labelledBy}>
      {scopes.map((scope) => (
        <li key={scope}>
          <span aria-hidden="true" className="scope-list__mark">
            ✓
          </span>{' '}
          <span>{scopeWords(scope)}</span>
        </li>
      ))}
    </ul>
  );
}
