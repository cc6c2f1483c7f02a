import type { User } from '@tend/identity';
import type { StartSocialSignIn, StartSocialSignInOutput } from './start-social-sign-in.js';

export interface LinkSocialInput {
  /** The signed-in user (from the session). */
  user: Pick<User, 'id' | 'email'>;
  provider: string;
  scopes?: string[];
  callbackURL?: string;
  errorCallbackURL?: string;
  binding?: string;
}

/**
 * POST /link-social: starts a provider flow whose callback links the provider account to the
 * signed-in user instead of signing in (see HandleCallback, outcome `linked`).
 */
export class LinkSocial {
  constructor(private readonly start: StartSocialSignIn) {}

  execute(input: LinkSocialInput): Promise<StartSocialSignInOutput> {
    return this.start.execute({
      provider: input.provider,
      scopes: input.scopes,
      callbackURL: input.callbackURL,
      errorCallbackURL: input.errorCallbackURL,
      binding: input.binding,
      link: { userId: input.user.id, email: input.user.email },
    });
  }
}
