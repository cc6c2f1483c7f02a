// Single sign-on on the web app: the organization page's providers (list, add, edit, delete) and
// starting a sign-in by work email. The gateway checks every call; this module words its answers.
import type * as schemas from '@tend/contracts';
import type { Output } from '@tend/contracts';
import { routes } from '@tend/contracts';
import type { ActionResult } from './actions';
import { failureStatus } from './actions';
import { describeError, type ErrorLike, type FormErrors } from './errors';
import { text } from './forms';
import type { GatewayClient } from './gateway.server';
import { call } from './call.server';

export type SsoProvider = Output<typeof schemas.ssoProvider>;

/** What the organization page shows of a provider: never a secret (the gateway answers none). */
export interface SsoProviderView {
  providerId: string;
  type: 'oidc' | 'saml';
  domain: string;
  /** Whether the domain is proven; until then the provider signs no one in. */
  domainVerified: boolean;
  /** Where the owner publishes the verification token: `_better-auth-token-<providerId>.<domain>`. */
  txtRecordName: string;
  issuer: string;
  redirectURI: string;
  acsURL: string | null;
  spMetadataURL: string | null;
  clientId: string | null;
  entryPoint: string | null;
}

const onlyManagers = 'Only owners and admins can manage single sign-on.';

/** The SSO codes of the gateway in plain words, and the form field each concerns. */
const catalogue: Record<string, { field?: string; message: string }> = {
  SSO_PROVIDER_NOT_FOUND: { message: "We couldn't find that identity provider. It may have been removed." },
  SSO_PROVIDER_ALREADY_EXISTS: { field: 'ssoProviderId', message: 'That provider ID is taken. Please choose another.' },
  YOU_ARE_NOT_ALLOWED_TO_MANAGE_SSO_PROVIDERS: { message: onlyManagers },
  EITHER_OIDCCONFIG_OR_SAMLCONFIG_IS_REQUIRED: { message: 'Please choose OIDC or SAML.' },
  SAML_CERTIFICATE_OR_METADATA_IS_REQUIRED: { field: 'ssoCert', message: "Please paste the identity provider's signing certificate." },
  INVALID_SAML_CONFIGURATION: { field: 'ssoCert', message: "That isn't a certificate we can read. Paste the whole PEM, from BEGIN CERTIFICATE to END CERTIFICATE." },
  SSO_DISCOVERY_FAILED: { field: 'ssoIssuer', message: "We couldn't read the identity provider's OpenID configuration at that issuer. Check the address." },
  SSO_ISSUER_MISMATCH: { field: 'ssoIssuer', message: "The identity provider's configuration names another issuer. Copy the issuer exactly." },
  OIDC_ENDPOINTS_ARE_REQUIRED: { field: 'ssoIssuer', message: "The identity provider's configuration is missing endpoints we need." },
  INSECURE_IDENTITY_PROVIDER_URL: { message: 'Identity provider addresses must start with https://.' },
  EMAIL_ORGANIZATIONSLUG_PROVIDERID_OR_DOMAIN_IS_REQUIRED: { field: 'email', message: 'Please enter your work email.' },
  DOMAIN_VERIFICATION_FAILED: {
    message: "We couldn't find the TXT record with this token yet. Check its name and value; DNS changes can take a few minutes (sometimes longer) to show. Then try again.",
  },
  DOMAIN_VERIFIED: { message: 'This domain is already verified.' },
  DOMAIN_VERIFIED_BY_ANOTHER_ORGANIZATION: { field: 'ssoDomain', message: 'Another organization has verified this domain. Use a domain your organization owns.' },
  NO_PENDING_VERIFICATION: { message: 'The verification token has expired. Choose Get verification token for a new one, and publish it instead.' },
  PROVIDER_DOMAIN_HAS_NOT_BEEN_VERIFIED: { field: 'email', message: "Single sign-on for that email's organization isn't ready yet: its administrators still have to verify their domain. Sign in with your password instead." },
};

export function describeSsoError(error: ErrorLike): FormErrors {
  const entry = catalogue[error.code];
  if (!entry) {
    if (error.code === 'VALIDATION_ERROR') return { form: 'Please check the fields: each needs a value in the right form (addresses start with https://).', fields: {}, code: error.code };
    return describeError(error);
  }
  return entry.field ? { fields: { [entry.field]: entry.message }, code: error.code } : { form: entry.message, fields: {}, code: error.code };
}

/** The organization's providers (the caller's manageable ones, of this organization). */
export async function organizationSsoProviders(api: GatewayClient, organizationId: string): Promise<SsoProviderView[]> {
  const result = await call(api, routes.ssoProviders);
  if (!result.ok || !result.data) return [];
  return result.data.providers
    .filter((p) => p.organizationId === organizationId)
    .map((p) => ({
      providerId: p.providerId,
      type: p.type,
      domain: p.domain,
      domainVerified: p.domainVerified,
      txtRecordName: `_better-auth-token-${p.providerId}.${p.domain}`,
      issuer: p.issuer,
      redirectURI: p.redirectURI,
      acsURL: p.samlConfig?.acsURL ?? null,
      spMetadataURL: p.samlConfig?.spMetadataURL ?? null,
      clientId: p.oidcConfig?.clientId ?? null,
      entryPoint: p.samlConfig?.entryPoint ?? null,
    }));
}

/** A provider id made from a domain: `acme.example` -> `acme-example`. */
function providerIdOf(domain: string): string {
  return domain.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-+|-+$/g, '').slice(0, 64) || 'sso';
}

type Outcome = { result: ActionResult; status?: number };

const refused = (intent: string, error: ErrorLike & { status: number }, values?: ActionResult['values']): Outcome => ({
  result: { intent, errors: describeSsoError(error), values },
  status: failureStatus(error.status),
});

/** A refusal of a provider's verification buttons, which have no fields: every message is the box's own. */
const refusedInBox = (intent: string, error: ErrorLike & { status: number }): Outcome => {
  const described = describeSsoError(error);
  const message = described.form ?? Object.values(described.fields)[0] ?? 'Something went wrong. Please try again.';
  return { result: { intent, errors: { form: message, fields: {}, code: described.code } }, status: failureStatus(error.status) };
};

/** Whether a form intent is one of this section's. */
export function isSsoIntent(intent: string): boolean {
  return intent === 'sso-add' || intent === 'sso-update' || intent === 'sso-delete' || intent === 'sso-token' || intent === 'sso-verify';
}

/**
 * Runs the SSO section's intents: `sso-add`, `sso-update:<providerId>`, `sso-delete:<providerId>`,
 * `sso-token:<providerId>` (the domain verification token) and `sso-verify:<providerId>`.
 * `origin` is this web app's public origin, whose `/api/auth` is the gateway: a SAML provider's
 * service-provider entity id is its metadata URL there.
 */
export async function runSsoIntent(api: GatewayClient, organizationId: string, form: FormData, origin: string): Promise<Outcome> {
  const [intent = '', target = ''] = text(form, 'intent').split(':');
  if (intent === 'sso-add') {
    const type = text(form, 'ssoType') === 'saml' ? 'saml' : 'oidc';
    const domain = text(form, 'ssoDomain').toLowerCase();
    const providerId = text(form, 'ssoProviderId') || providerIdOf(domain);
    const values = {
      ssoType: type,
      ssoDomain: domain,
      ssoProviderId: text(form, 'ssoProviderId'),
      ssoIssuer: text(form, 'ssoIssuer'),
      ssoClientId: text(form, 'ssoClientId'),
      ssoEntryPoint: text(form, 'ssoEntryPoint'),
      ssoIdpEntityId: text(form, 'ssoIdpEntityId'),
      ssoCert: text(form, 'ssoCert'),
    };
    const missing: Record<string, string> = {};
    if (!domain) missing.ssoDomain = "Please enter your organization's email domain, like example.com.";
    if (type === 'oidc') {
      if (!values.ssoIssuer) missing.ssoIssuer = "Please enter the identity provider's issuer URL.";
      if (!values.ssoClientId) missing.ssoClientId = 'Please enter the client ID.';
      if (!text(form, 'ssoClientSecret')) missing.ssoClientSecret = 'Please enter the client secret.';
    } else {
      if (!values.ssoEntryPoint) missing.ssoEntryPoint = "Please enter the identity provider's single sign-on URL.";
      if (!values.ssoCert) missing.ssoCert = "Please paste the identity provider's signing certificate.";
    }
    if (Object.keys(missing).length > 0) return { result: { intent: 'sso-add', errors: { form: 'Please check the highlighted fields.', fields: missing }, values }, status: 400 };
    const r =
      type === 'oidc'
        ? await call(api, routes.ssoRegister, { providerId, issuer: values.ssoIssuer, domain, organizationId, oidcConfig: { clientId: values.ssoClientId, clientSecret: text(form, 'ssoClientSecret') } })
        : await call(api, routes.ssoRegister, {
            providerId,
            issuer: `${origin}/api/auth/sso/saml2/sp/metadata?providerId=${encodeURIComponent(providerId)}`,
            domain,
            organizationId,
            samlConfig: { entryPoint: values.ssoEntryPoint, cert: values.ssoCert, idpMetadata: { entityID: values.ssoIdpEntityId || values.ssoEntryPoint } },
          });
    if (!r.ok) return refused('sso-add', r.error, values);
    // The first verification token goes to the provider's Verify domain box.
    return {
      result: {
        intent: 'sso-add',
        done: 'sso-added',
        detail: `The identity provider for ${domain} is added. Verify the domain to turn sign-ins on, and give your IT team the details below.`,
        values: { ssoToken: r.data.domainVerificationToken, ssoTokenFor: r.data.providerId },
      },
    };
  }
  if (intent === 'sso-token') {
    const r = await call(api, routes.ssoRequestDomainVerification, { providerId: target });
    if (!r.ok) return refusedInBox(`sso-token:${target}`, r.error);
    return { result: { intent: `sso-token:${target}`, done: 'sso-token', values: { ssoToken: r.data.domainVerificationToken } } };
  }
  if (intent === 'sso-verify') {
    const r = await call(api, routes.ssoVerifyDomain, { providerId: target });
    if (!r.ok) return refusedInBox(`sso-verify:${target}`, r.error);
    return { result: { intent: `sso-verify:${target}`, done: 'sso-verified', detail: 'The domain is verified. People with an email at this domain can now sign in with single sign-on.' } };
  }
  if (intent === 'sso-update') {
    const domain = text(form, 'ssoDomain').toLowerCase();
    if (!domain) return { result: { intent: `sso-update:${target}`, errors: { form: 'Please enter a domain.', fields: { ssoDomain: "Please enter your organization's email domain, like example.com." } } }, status: 400 };
    const r = await call(api, routes.ssoUpdateProvider, { providerId: target, domain });
    if (!r.ok) return refused(`sso-update:${target}`, r.error, { ssoDomain: domain });
    const detail = r.data.domainVerified ? `Sign-ins from ${domain} now go to this identity provider.` : `The domain is now ${domain}. Sign-ins stay off until you verify it.`;
    return { result: { intent: 'sso', done: 'sso-updated', detail } };
  }
  if (intent === 'sso-delete') {
    const r = await call(api, routes.ssoDeleteProvider, { providerId: target });
    return r.ok ? { result: { intent: 'sso', done: 'sso-deleted', detail: 'The identity provider is removed. People who signed in with it keep their accounts.' } } : refused('sso', r.error);
  }
  return { result: { intent: 'sso', errors: { fields: {}, form: 'Something went wrong. Please try again.' } }, status: 400 };
}

/** The messages of a failed SSO sign-in, by the `error` the gateway put on the way back. */
const SIGN_IN_ERRORS: Record<string, string> = {
  access_denied: 'Your organization\'s sign-in was cancelled or refused. Please try again.',
  account_not_linked:
    "An account with this email already exists and we couldn't confirm it's yours. Sign in with your password (verify your email first if you haven't), or ask your organization's IT team.",
  banned: 'This account is suspended.',
  email_not_found: "Your organization's sign-in didn't share an email address with us. Please ask your IT team.",
  state_not_found: 'That sign-in expired or was started in another browser. Please try again.',
  unsolicited_response: 'That sign-in expired or was already used. Please try again.',
  replayed_assertion: 'That sign-in was already used. Please try again.',
  domain_not_verified: "Single sign-on for your organization isn't ready: its domain isn't verified (or just changed). Please ask your IT team.",
};

export function ssoSignInErrorMessage(code: string | null): string | null {
  if (!code) return null;
  return SIGN_IN_ERRORS[code] ?? "We couldn't sign you in with your organization. Please try again, or ask your IT team.";
}

/** Starts a sign-in with the provider of a work email: the IdP's URL, or why not. */
export async function startSsoSignIn(api: GatewayClient, options: { origin: string; email: string; redirectTo: string }) {
  const { origin, email, redirectTo } = options;
  const back = new URLSearchParams({ redirectTo });
  return call(api, routes.signInSso, {
    email,
    callbackURL: `${origin}${redirectTo}`,
    errorCallbackURL: `${origin}/auth/sso?${back}`,
  });
}

export function ssoStartFailure(error: ErrorLike & { status: number }): { errors: FormErrors; status: number } {
  if (error.code === 'SSO_PROVIDER_NOT_FOUND') {
    return { errors: { fields: { email: "Single sign-on isn't set up for that email's organization. Sign in with your password instead, or check the address." }, code: error.code }, status: 404 };
  }
  if (error.code === 'VALIDATION_ERROR') return { errors: { fields: { email: 'Enter a valid email address, like name@example.com.' }, code: error.code }, status: 400 };
  return { errors: describeSsoError(error), status: failureStatus(error.status) };
}
