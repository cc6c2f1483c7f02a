// A provider's domain verification on the organization page: its state (Verified / Not verified)
// and, until verified, the TXT record to publish (name and value, each with a copy button), with
// Verify domain and a way to get the token in force (a new one once the last expired).
import { Form } from '@remix-run/react';
import { useEffect, useRef } from 'react';
import type { ActionResult } from '../../lib/actions';
import type { SsoProviderView } from '../../lib/sso.server';
import { CopyField } from '../copy-field';
import { FormAlert, Notice, SubmitButton } from '../forms';
import { FreshSignInLink } from '../fresh-sign-in';

/** The badge of a provider's domain state. */
export function DomainState({ verified }: { verified: boolean }) {
  return verified ? <span className="badge badge--ok">Verified</span> : <span className="badge badge--wait">Not verified</span>;
}

/**
 * The answer of this provider's verification intents (`sso-token:<id>`, `sso-verify:<id>`), or of
 * its registration (`sso-add`, carrying the first token).
 */
export function domainResultFor(providerId: string, result?: ActionResult): ActionResult | undefined {
  if (!result) return undefined;
  if (result.intent === `sso-token:${providerId}` || result.intent === `sso-verify:${providerId}`) return result;
  if (result.intent === 'sso-add' && result.values?.ssoTokenFor === providerId) return result;
  return undefined;
}

export function DomainVerification({ provider, result, back, describedBy }: { provider: SsoProviderView; result?: ActionResult; back: string; describedBy: string }) {
  const box = useRef<HTMLDivElement>(null);
  const verified = useRef<HTMLDivElement>(null);
  const token = result?.values?.ssoToken;
  const id = provider.providerId;
  // After an action on this provider, focus goes to its outcome (FormAlert focuses errors itself);
  // again when the reloaded provider shows it verified, which replaces the box that held focus.
  const isVerified = provider.domainVerified;
  useEffect(() => {
    if (!result || result.errors) return;
    (result.done === 'sso-verified' ? verified.current : box.current)?.focus();
  }, [result, isVerified]);

  if (provider.domainVerified) {
    return result?.done === 'sso-verified' ? (
      <div ref={verified} tabIndex={-1} className="sso-verified">
        <Notice>{result.detail}</Notice>
      </div>
    ) : null;
  }
  const titleId = `sso-${id}-verify-title`;
  return (
    <div ref={box} tabIndex={-1} className="sso-verify" role="group" aria-labelledby={titleId}>
      <h4 id={titleId}>Verify domain</h4>
      <p>
        Nobody can sign in with this provider until you prove that your organization owns <strong>{provider.domain}</strong>: publish this TXT record in the domain’s DNS, then choose Verify domain. DNS
        changes can take a few minutes to show.
      </p>
      <CopyField id={`sso-record-name-${id}`} label="TXT record name" value={provider.txtRecordName} />
      {token ? (
        <CopyField id={`sso-record-value-${id}`} label="TXT record value" value={token} hint="The verification token. It is valid for 7 days." />
      ) : (
        <p className="muted">Choose Get verification token to see the value to publish.</p>
      )}
      {result?.errors ? (
        <FormAlert errors={result.errors}>
          <FreshSignInLink errors={result.errors} back={back} />
        </FormAlert>
      ) : null}
      <div className="button-row">
        <Form method="post">
          <SubmitButton intent={`sso-verify:${id}`} pendingText="Verifying…" describedBy={describedBy}>
            Verify domain
          </SubmitButton>
        </Form>
        <Form method="post">
          <SubmitButton intent={`sso-token:${id}`} pendingText="Getting the token…" variant="secondary" describedBy={describedBy}>
            Get verification token
          </SubmitButton>
        </Form>
      </div>
    </div>
  );
}
