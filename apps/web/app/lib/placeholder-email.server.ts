// Users of providers that share no email (TikTok, Reddit, Roblox) get a placeholder address from
// the gateway. It can receive no mail, so the account pages ask such a person to add a real one.
import { env } from './env.server';

/**
 * Whether `email` is a placeholder: under `.invalid` (the gateway's default,
 * `{id}@{provider}.placeholder.invalid`), or under AUTH_PROVIDER_PLACEHOLDER_EMAIL_DOMAIN when the
 * gateway is configured with one (the web server reads the same variable).
 */
export function isPlaceholderEmail(email: string, configured: string | null = env().placeholderEmailDomain): boolean {
  const domain = email.slice(email.lastIndexOf('@') + 1).toLowerCase();
  if (domain === 'invalid' || domain.endsWith('.invalid')) return true;
  return !!configured && (domain === configured || domain.endsWith(`.${configured}`));
}
