// The organization page's Single sign-on section, for owners and admins: the identity providers
// (with what the IT team needs: redirect URI, ACS URL, metadata), their domain's verification,
// editing a provider's domain, removing one, and adding an OIDC or SAML provider. Every action is
// a plain form post.
import { Form, Link, useSearchParams } from '@remix-run/react';
import type { ActionResult } from '../../lib/actions';
import type { SsoProviderView } from '../../lib/sso.server';
import { FieldShell, describedBy } from '../field-shell';
import { FormAlert, Notice, SubmitButton, useResetAfter } from '../forms';
import { FreshSignInLink } from '../fresh-sign-in';
import { TextField } from '../organizations/fields';
import { DomainState, DomainVerification, domainResultFor } from './domain-verification';
import { ScimProvisioning, type ScimView } from './scim-provisioning';

interface SsoSectionProps {
  providers: SsoProviderView[];
  /** The answer of an SSO action (`sso`, `sso-add`, `sso-update:<id>`, `scim:<id>`). */
  result?: ActionResult;
  /** Directory provisioning: the base URL and when each provider's token was made. */
  scim: ScimView;
  back: string;
}

function Detail({ term, children }: { term: string; children: React.ReactNode }) {
  return (
    <div className="sso-detail">
      <dt>{term}</dt>
      <dd>{children}</dd>
    </div>
  );
}

function ProviderItem({ provider, editing, result, domainResult, scim, back }: { provider: SsoProviderView; editing: boolean; result?: ActionResult; domainResult?: ActionResult; scim: ScimView; back: string }) {
  const label = provider.type === 'oidc' ? 'OpenID Connect' : 'SAML 2.0';
  const answered = result?.intent === `sso-update:${provider.providerId}` ? result : undefined;
  const titleId = `sso-${provider.providerId}-title`;
  return (
    <li className="org-item sso-provider">
      <h3 id={titleId}>
        {provider.domain} <span className="badge">{label}</span>
      </h3>
      <dl className="sso-details">
        <Detail term="Domain">
          {provider.domain} <DomainState verified={provider.domainVerified} />
        </Detail>
        <Detail term="Provider ID">{provider.providerId}</Detail>
        {provider.type === 'oidc' ? (
          <>
            <Detail term="Issuer">{provider.issuer}</Detail>
            <Detail term="Client ID">{provider.clientId}</Detail>
            <Detail term="Redirect URI">
              <code>{provider.redirectURI}</code>
            </Detail>
          </>
        ) : (
          <>
            <Detail term="Single sign-on URL">{provider.entryPoint}</Detail>
            <Detail term="Entity ID (audience)">
              <code>{provider.issuer}</code>
            </Detail>
            <Detail term="ACS URL">
              <code>{provider.acsURL}</code>
            </Detail>
            <Detail term="Service provider metadata">
              <a href={provider.spMetadataURL ?? '#'}>
                Metadata<span className="visually-hidden"> for {provider.domain}</span>
              </a>
            </Detail>
          </>
        )}
      </dl>
      <DomainVerification provider={provider} result={domainResult} back={back} describedBy={titleId} />
      <ScimProvisioning
        providerId={provider.providerId}
        domain={provider.domain}
        scim={scim}
        result={result?.intent === `scim:${provider.providerId}` ? result : undefined}
        back={back}
        describedBy={titleId}
      />
      {editing ? (
        <Form method="post" noValidate className="form sso-edit">
          <FormAlert errors={answered?.errors}>
            <FreshSignInLink errors={answered?.errors} back={back} />
          </FormAlert>
          <TextField
            id={`sso-domain-${provider.providerId}`}
            name="ssoDomain"
            label={`Email domain for ${provider.providerId}`}
            hint="People whose work email ends with this domain sign in here."
            defaultValue={answered?.values?.ssoDomain ?? provider.domain}
            error={answered?.errors?.fields.ssoDomain}
            spellCheck={false}
          />
          <div className="button-row">
            <SubmitButton intent={`sso-update:${provider.providerId}`} pendingText="Saving…">
              Save domain
            </SubmitButton>
            <Link to={back} className="button button--quiet">
              Cancel
            </Link>
          </div>
        </Form>
      ) : (
        <div className="button-row">
          <Form method="get">
            <input type="hidden" name="editSso" value={provider.providerId} />
            <button type="submit" className="button button--secondary" aria-describedby={titleId}>
              Edit
            </button>
          </Form>
          <Form method="post">
            <SubmitButton intent={`sso-delete:${provider.providerId}`} pendingText="Deleting…" variant="quiet" describedBy={titleId}>
              Delete
            </SubmitButton>
          </Form>
        </div>
      )}
    </li>
  );
}

function Certificate({ error, defaultValue }: { error?: string; defaultValue?: string }) {
  const props = { id: 'sso-cert', label: 'Signing certificate', hint: 'The identity provider’s X.509 certificate (PEM), from -----BEGIN CERTIFICATE----- to -----END CERTIFICATE-----.', error };
  return (
    <FieldShell {...props}>
      <textarea id="sso-cert" name="ssoCert" rows={5} defaultValue={defaultValue} spellCheck={false} aria-invalid={error ? true : undefined} aria-describedby={describedBy(props)} />
    </FieldShell>
  );
}

/** Adding a provider: both protocols' fields are on the page (no script needed); the radio decides which count. */
function AddProvider({ result, back }: { result?: ActionResult; back: string }) {
  const form = useResetAfter(result);
  const errors = result?.done ? undefined : result?.errors;
  const values = result?.done ? {} : (result?.values ?? {});
  const type = values.ssoType === 'saml' ? 'saml' : 'oidc';
  return (
    <Form method="post" noValidate className="form sso-add" ref={form} aria-labelledby="sso-add-title">
      <h3 id="sso-add-title">Add an identity provider</h3>
      <FormAlert errors={errors}>
        <FreshSignInLink errors={errors} back={back} />
      </FormAlert>
      <fieldset className="sso-protocol">
        <legend>Protocol</legend>
        <label>
          <input type="radio" name="ssoType" value="oidc" defaultChecked={type === 'oidc'} /> OpenID Connect (Entra ID, Okta, Keycloak…)
        </label>
        <label>
          <input type="radio" name="ssoType" value="saml" defaultChecked={type === 'saml'} /> SAML 2.0 (Google Workspace, ADFS…)
        </label>
      </fieldset>
      <TextField id="sso-domain" name="ssoDomain" label="Email domain" hint="Like example.com: people with this work email domain sign in with this provider." defaultValue={values.ssoDomain} error={errors?.fields.ssoDomain} spellCheck={false} />
      <fieldset className="sso-fields">
        <legend>For OpenID Connect</legend>
        <TextField id="sso-issuer" name="ssoIssuer" label="Issuer URL" hint="Like https://login.microsoftonline.com/your-tenant-id/v2.0" defaultValue={values.ssoIssuer} error={errors?.fields.ssoIssuer} spellCheck={false} />
        <TextField id="sso-client-id" name="ssoClientId" label="Client ID" defaultValue={values.ssoClientId} error={errors?.fields.ssoClientId} spellCheck={false} />
        <FieldShell id="sso-client-secret" label="Client secret" hint="Stored encrypted. It is never shown again." error={errors?.fields.ssoClientSecret}>
          <input
            id="sso-client-secret"
            name="ssoClientSecret"
            type="password"
            autoComplete="off"
            aria-invalid={errors?.fields.ssoClientSecret ? true : undefined}
            aria-describedby={describedBy({ id: 'sso-client-secret', hint: 'x', error: errors?.fields.ssoClientSecret })}
          />
        </FieldShell>
      </fieldset>
      <fieldset className="sso-fields">
        <legend>For SAML 2.0</legend>
        <TextField id="sso-entry-point" name="ssoEntryPoint" label="Single sign-on URL" hint="The identity provider’s sign-in (entry point) URL." defaultValue={values.ssoEntryPoint} error={errors?.fields.ssoEntryPoint} spellCheck={false} />
        <TextField id="sso-idp-entity-id" name="ssoIdpEntityId" label="Identity provider entity ID" hint="Optional: the identity provider’s issuer; the single sign-on URL when left empty." defaultValue={values.ssoIdpEntityId} error={errors?.fields.ssoIdpEntityId} spellCheck={false} />
        <Certificate error={errors?.fields.ssoCert} defaultValue={values.ssoCert} />
      </fieldset>
      <TextField id="sso-provider-id" name="ssoProviderId" label="Provider ID (optional)" hint="Letters, digits, - and _. Made from the domain when left empty." defaultValue={values.ssoProviderId} error={errors?.fields.ssoProviderId} spellCheck={false} />
      <SubmitButton intent="sso-add" pendingText="Adding…">
        Add an identity provider
      </SubmitButton>
    </Form>
  );
}

/** The Single sign-on section of the organization page. */
export function SsoSection({ providers, result, scim, back }: SsoSectionProps) {
  const [search] = useSearchParams();
  const editing = search.get('editSso');
  const general = result?.intent === 'sso' || result?.intent === 'sso-add' ? result : undefined;
  const itemResult = result?.intent?.startsWith('sso-update:') ? result : undefined;
  const scimResult = result?.intent?.startsWith('scim:') ? result : undefined;
  const editingId = itemResult ? (itemResult.intent ?? '').slice('sso-update:'.length) : editing;
  return (
    <section className="card" aria-labelledby="sso-title">
      <div className="card__header">
        <h2 id="sso-title">Single sign-on</h2>
        <p className="muted">Let your people sign in with your organization’s identity provider. They join this organization as members the first time they sign in.</p>
      </div>
      {general?.done ? <Notice>{general.detail}</Notice> : null}
      {result?.intent === 'sso' ? (
        <FormAlert errors={result.errors}>
          <FreshSignInLink errors={result.errors} back={back} />
        </FormAlert>
      ) : null}
      {providers.length === 0 ? <p className="muted">No identity provider yet.</p> : null}
      {providers.length > 0 ? (
        <ul className="org-list" aria-label="Identity providers">
          {providers.map((provider) => (
            <ProviderItem
              key={provider.providerId}
              provider={provider}
              editing={editingId === provider.providerId}
              result={itemResult ?? scimResult}
              domainResult={domainResultFor(provider.providerId, result)}
              scim={scim}
              back={back}
            />
          ))}
        </ul>
      ) : null}
      <AddProvider result={result?.intent === 'sso-add' ? result : undefined} back={back} />
    </section>
  );
}
