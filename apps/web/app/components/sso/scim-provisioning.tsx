// A provider's Directory provisioning (SCIM) on the Single sign-on page: the base URL to paste
// into the directory (Okta, Entra ID, Google Workspace), when the token in force was made, and
// Generate SCIM token, whose token is shown this once with a copy button.
import { Form } from '@remix-run/react';
import { useEffect, useRef } from 'react';
import type { ActionResult } from '../../lib/actions';
import { formatLocal } from '../../lib/format';
import { CopyField } from '../copy-field';
import { FormAlert, LocalTime, Notice, SubmitButton } from '../forms';
import { FreshSignInLink } from '../fresh-sign-in';

export interface ScimView {
  /** `<origin>/api/auth/scim/v2`. */
  baseUrl: string;
  /** providerId -> when its token was made (ISO, and in UTC words for the first paint). */
  tokens: Record<string, { iso: string; utc: string }>;
}

export function ScimProvisioning({ providerId, domain, scim, result, back, describedBy }: { providerId: string; domain: string; scim: ScimView; result?: ActionResult; back: string; describedBy: string }) {
  const box = useRef<HTMLDivElement>(null);
  const token = result?.done === 'scim-token' ? result.values?.scimToken : undefined;
  const made = scim.tokens[providerId];
  // A new token: focus goes to it, so it is read out and can be copied at once.
  useEffect(() => {
    if (token) box.current?.focus();
  }, [token]);
  const titleId = `scim-${providerId}-title`;
  return (
    <div ref={box} tabIndex={-1} className="sso-verify scim-box" role="group" aria-labelledby={titleId}>
      <h4 id={titleId}>Directory provisioning (SCIM)</h4>
      <p>
        Let your directory (Okta, Microsoft Entra ID, Google Workspace) add, change and remove the people of <strong>{domain}</strong> here. In its SCIM settings, paste this base URL and a token
        made here, as a bearer token.
      </p>
      <CopyField id={`scim-base-${providerId}`} label="SCIM base URL" value={scim.baseUrl} />
      {token ? (
        <>
          <Notice title="Your new SCIM token">Copy it now: it is shown this once. It replaces any token made before, which stops working at once.</Notice>
          <CopyField id={`scim-token-${providerId}`} label="SCIM token" value={token} hint="Paste it into your directory as the bearer token (Okta: API token; Entra ID: Secret token)." />
        </>
      ) : null}
      <p className="scim-made">
        {made ? (
          <>
            The token in force was made <LocalTime iso={made.iso} utc={made.utc} local={formatLocal} />.
          </>
        ) : (
          'No SCIM token yet.'
        )}
      </p>
      {result?.errors ? (
        <FormAlert errors={result.errors}>
          <FreshSignInLink errors={result.errors} back={back} />
        </FormAlert>
      ) : null}
      <Form method="post">
        <SubmitButton intent={`scim-token:${providerId}`} pendingText="Generating…" variant="secondary" describedBy={describedBy}>
          Generate SCIM token
        </SubmitButton>
      </Form>
    </div>
  );
}
