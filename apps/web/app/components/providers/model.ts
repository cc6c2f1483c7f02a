// What the identity-provider pages need on both sides: provider names, and the codes a provider
// sign-in can end with (the gateway's `?error=` on the redirect) in plain words.

/** The providers the gateway knows, in the order the sign-in page lists them, with their display names. */
export const PROVIDER_NAMES: Record<string, string> = {
  apple: 'Apple',
  google: 'Google',
  microsoft: 'Microsoft',
  github: 'GitHub',
  gitlab: 'GitLab',
  discord: 'Discord',
  facebook: 'Facebook',
  twitter: 'Twitter (X)',
  linkedin: 'LinkedIn',
  spotify: 'Spotify',
  twitch: 'Twitch',
  dropbox: 'Dropbox',
  kick: 'Kick',
  tiktok: 'TikTok',
  reddit: 'Reddit',
  roblox: 'Roblox',
  vk: 'VK',
  zoom: 'Zoom',
};

/** The provider id of an email-and-password account in the gateway's account list. */
export const CREDENTIAL = 'credential';

/** A provider as the pages show it. */
export interface ProviderView {
  id: string;
  name: string;
}

/** "GitHub" for `github`; an unknown id shows as the gateway named it, or as itself. */
export function providerName(id: string, fallback?: string): string {
  if (id === CREDENTIAL) return 'Email and password';
  return PROVIDER_NAMES[id] ?? fallback ?? (id ? id.charAt(0).toUpperCase() + id.slice(1) : 'the provider');
}

/** Whether `id` is one of the gateway's provider ids (query strings are not trusted to name one). */
export function isKnownProvider(id: string | null | undefined): id is string {
  return !!id && Object.hasOwn(PROVIDER_NAMES, id);
}

/** Sorts providers in the order of PROVIDER_NAMES; unknown ones last, by name. */
export function sortProviders<T extends ProviderView>(list: T[]): T[] {
  const order = Object.keys(PROVIDER_NAMES);
  const rank = (id: string) => (order.includes(id) ? order.indexOf(id) : order.length);
  return [...list].sort((a, b) => rank(a.id) - rank(b.id) || a.name.localeCompare(b.name));
}

/** Where a provider flow started: the try-again link goes back there. */
export type FlowOrigin = 'sign-in' | 'sign-up' | 'link';

export function flowOrigin(value: string | null | undefined): FlowOrigin {
  return value === 'sign-up' || value === 'link' ? value : 'sign-in';
}

export interface CallbackProblem {
  title: string;
  message: string;
}

type Explain = (provider: string) => CallbackProblem;

const startAgain: Explain = () => ({
  title: "Let's start that again",
  message:
    'This sign-in took too long, or it was finished in a different browser than the one it began in, so we stopped it to keep your account safe. Please start again from this browser.',
});

const providerTrouble: Explain = (provider) => ({
  title: `We couldn't finish signing you in with ${provider}`,
  message: `${provider} didn't answer the way we expected. Nothing was changed. Please try again in a moment.`,
});

/**
 * The gateway's callback codes (spec: the `error` of an error redirect), lower-case as it sends
 * them; a provider's own code (`access_denied`) is passed on unchanged.
 */
const callbackProblems: Record<string, Explain> = {
  account_not_linked: (provider) => ({
    title: `Your ${provider} account isn't linked yet`,
    message: `There's already a Tend account with this email address. To keep it safe, we don't connect a new way of signing in on our own. Sign in with your password, then link ${provider} under Account → Linked accounts.`,
  }),
  email_not_found: (provider) => ({
    title: `${provider} didn't share an email address`,
    message: `We need an email address to create your account, and ${provider} didn't send one. Make an email address available in your ${provider} settings and try again, or create an account with your email instead.`,
  }),
  banned: () => ({
    title: 'This account is suspended',
    message: 'You have been banned from this application. Please contact support if you believe this is an error.',
  }),
  access_denied: (provider) => ({
    title: `Signing in with ${provider} was cancelled`,
    message: `No problem: ${provider} didn't share anything with us. You can try again, or sign in another way.`,
  }),
  signup_disabled: (provider) => ({
    title: `New accounts can't be made with ${provider}`,
    message: `${provider} can only be used to sign in to an account that already has it linked. Create an account with your email instead, then link ${provider} from your account.`,
  }),
  state_not_found: startAgain,
  please_restart_the_process: startAgain,
  no_code: providerTrouble,
  invalid_code: providerTrouble,
  unable_to_get_user_info: (provider) => ({
    title: `We couldn't read your ${provider} profile`,
    message: `${provider} didn't give us your profile, so we couldn't sign you in. Please try again in a moment. If it keeps happening, check that your ${provider} account is active.`,
  }),
  oauth_provider_not_found: (provider) => ({
    title: `${provider} isn't available`,
    message: `Signing in with ${provider} isn't turned on here right now. Please sign in another way.`,
  }),
  no_callback_url: providerTrouble,
  unable_to_create_user: () => ({
    title: "We couldn't create your account",
    message: 'Something went wrong on our side while creating your account. Please try again in a moment.',
  }),
  unable_to_create_session: () => ({
    title: "We couldn't sign you in",
    message: 'Something went wrong on our side while signing you in. Please try again in a moment.',
  }),
  unable_to_link_account: (provider) => ({
    title: `We couldn't link your ${provider} account`,
    message: `${provider} couldn't confirm the email address of that account, so we didn't link it. Verify your email address with ${provider}, then try again.`,
  }),
  "email_doesn't_match": (provider) => ({
    title: `That ${provider} account uses a different email`,
    message: `The ${provider} account you chose has a different email address than your Tend account, so we didn't link it. Choose the ${provider} account with your Tend email address.`,
  }),
  account_already_linked_to_different_user: (provider) => ({
    title: `That ${provider} account belongs to another Tend account`,
    message: `The ${provider} account you chose is already linked to a different Tend account. Sign in with it there and unlink it first, or choose another ${provider} account.`,
  }),
};

/** Whether the gateway names this code (lower-case callback codes, or a provider's own `access_denied`). */
export function isCallbackCode(code: string): boolean {
  return Object.hasOwn(callbackProblems, code);
}

/** The title and sentence for a callback error code; unknown codes get a calm general answer. */
export function callbackProblem(code: string, provider: string): CallbackProblem {
  const explain = callbackProblems[code];
  if (explain) return explain(provider);
  return {
    title: "That didn't work",
    message: `We couldn't finish with ${provider}. Please try again, or sign in another way.`,
  };
}
