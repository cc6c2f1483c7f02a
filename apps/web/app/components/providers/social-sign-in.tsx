// "Continue with GitHub": one small form per enabled provider, posting to /auth/social, whose
// action asks the gateway to start the sign-in and sends the browser on to the provider.
import { Form } from '@remix-run/react';
import { SubmitButton } from '../forms';
import { ScriptedMarker } from './continue-to-provider';
import type { FlowOrigin, ProviderView } from './model';

/** A quiet round mark with the provider's initial: decorative, the button says the name. */
export function ProviderMark({ id, name }: ProviderView) {
  return (
    <span className={`provider-mark provider-mark--${id}`} aria-hidden="true">
      {name.charAt(0)}
    </span>
  );
}

interface Props {
  providers: ProviderView[];
  /** Where to go once signed in (already checked by safeRedirect). */
  redirectTo?: string | null;
  from: Exclude<FlowOrigin, 'link'>;
}

/** The provider buttons under an "or" divider; nothing at all when no provider is enabled. */
export function SocialSignIn({ providers, redirectTo, from }: Props) {
  if (providers.length === 0) return null;
  return (
    <div className="social-sign-in">
      <p className="or-divider">
        <span>or</span>
      </p>
      <ul className="social-sign-in__list" aria-label={from === 'sign-up' ? 'Create an account with' : 'Sign in with'}>
        {providers.map((provider) => (
          <li key={provider.id}>
            <Form method="post" action="/auth/social" className="social-sign-in__form">
              <input type="hidden" name="provider" value={provider.id} />
              <input type="hidden" name="from" value={from} />
              {redirectTo ? <input type="hidden" name="redirectTo" value={redirectTo} /> : null}
              <ScriptedMarker />
              <SubmitButton intent={`provider:${provider.id}`} pendingText={`Opening ${provider.name}…`} variant="secondary">
                <ProviderMark {...provider} />
                <span>Continue with {provider.name}</span>
              </SubmitButton>
            </Form>
          </li>
        ))}
      </ul>
    </div>
  );
}
