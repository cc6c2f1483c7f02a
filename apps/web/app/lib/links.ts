// The error codes the gateway adds to a link's redirect (`?error=`), in plain words.
const linkErrors: Record<string, string> = {
  token_expired: 'This link has expired. Links stay valid for a limited time to keep your account safe.',
  invalid_token: "This link isn't valid. It may have been used already, or copied only in part.",
  user_not_found: "We couldn't find the account this link was for.",
  INVALID_TOKEN: "This link isn't valid any more. It may have expired or been used already.",
};

/** The message for a link's `?error=` value, or null when there is none. */
export function linkErrorMessage(code: string | null | undefined): string | null {
  if (!code) return null;
  return linkErrors[code] ?? linkErrors[code.toLowerCase()] ?? 'This link could not be used. Please ask for a new one.';
}
