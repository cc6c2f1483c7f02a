// Where the app may send a browser after signing in: a security rule of its own (open redirects).

/** Where to go after signing in: only a path on this site, never another origin. */
export function safeRedirect(to: FormDataEntryValue | string | null | undefined, fallback = '/account'): string {
  if (typeof to !== 'string' || !to.startsWith('/') || to.startsWith('//') || to.startsWith('/\\')) return fallback;
  // Control characters (a newline, a tab) could split a Location header or be read as a path break.
  if ([...to].some((char) => char.charCodeAt(0) < 32 || char.charCodeAt(0) === 127)) return fallback;
  return to;
}
