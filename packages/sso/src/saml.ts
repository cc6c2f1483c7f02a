import { X509Certificate } from 'node:crypto';
import type * as SamlifyLibrary from 'samlify';
import type { SsoMapping, StoredSamlConfig } from './entities.js';
import { samlSchemaValidator } from './xml-schema.js';

type Samlify = typeof SamlifyLibrary;
let samlify: Samlify;
let loading: Promise<void> | undefined;
/** HTTP-Redirect and HTTP-POST binding URNs (samlify's Constants.namespace.binding). */
const binding = {
  redirect: 'urn:oasis:names:tc:SAML:2.0:bindings:HTTP-Redirect',
  post: 'urn:oasis:names:tc:SAML:2.0:bindings:HTTP-POST',
} as const;

/**
 * samlify (with xml-crypto, @xmldom and node-forge: ~15 MB of a process's memory) loads on the
 * first SAML use, not at start: a gateway whose providers are all OIDC, or that has none, never
 * holds it. Every function below awaits this first.
 */
function loaded(): Promise<void> {
  loading ??= import('samlify').then((library) => {
    // Every SAML message is checked against the SAML schemas (xmllint compiled to WebAssembly,
    // offline) before samlify reads it.
    library.setSchemaValidator(samlSchemaValidator);
    samlify = library;
  });
  return loading;
}

/** Why a SAML response was refused (the redirect code), with the detail for the audit log. */
export class SamlFailure extends Error {
  constructor(
    readonly code: 'invalid_saml_response' | 'unsolicited_response',
    readonly reason: string,
  ) {
    super(reason);
  }
}

/** A verified SAML identity, with what replay protection needs. */
export interface SamlIdentity {
  nameID: string;
  email: string | null;
  name: string | null;
  firstName: string | null;
  lastName: string | null;
  assertionId: string;
  /** When the assertion stops being acceptable (Conditions or SubjectConfirmationData NotOnOrAfter). */
  notOnOrAfter: Date | null;
}

export interface ServiceProviderSpec {
  /** Tend's entity id for this provider (the provider's `issuer`). */
  entityId: string;
  acsURL: string;
}

function serviceProvider(sp: ServiceProviderSpec, config: StoredSamlConfig, requestId?: string) {
  return samlify.ServiceProvider({
    ...(requestId ? { generateID: () => requestId } : {}),
    entityID: sp.entityId,
    assertionConsumerService: [{ Binding: binding.post, Location: sp.acsURL }],
    authnRequestsSigned: false,
    wantAssertionsSigned: config.wantAssertionsSigned,
    nameIDFormat: ['urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress'],
    // Clock drift allowed on NotBefore / NotOnOrAfter, in milliseconds.
    clockDrifts: [-60_000, 60_000],
  });
}

/**
 * The IdP as registered: its entity id, the entry point and the signing certificate given, else
 * those its metadata declares for signing. Built from these settings even when metadata was given,
 * so the registered certificate and entry point are the ones used (the metadata may list neither
 * an HTTP-Redirect service nor a certificate).
 */
function identityProvider(config: StoredSamlConfig) {
  const signingCert = config.cert ?? (config.idpMetadata ? readLoadedIdpMetadata(config.idpMetadata).signingCerts : []);
  return samlify.IdentityProvider({
    entityID: config.idpEntityId,
    signingCert,
    singleSignOnService: [{ Binding: binding.redirect, Location: config.entryPoint }],
    // Tend does no single logout; samlify warns on every IdP built without an endpoint for it.
    singleLogoutService: [{ Binding: binding.redirect, Location: config.entryPoint }],
    wantAuthnRequestsSigned: false,
  });
}

/** The IdP's entity id, single sign-on URL and signing certificates (PEM) read from its metadata (registration). Throws on metadata samlify cannot read. */
export async function readIdpMetadata(metadata: string): Promise<{ entityId: string; entryPoint: string | null; signingCerts: string[] }> {
  await loaded();
  return readLoadedIdpMetadata(metadata);
}

function readLoadedIdpMetadata(metadata: string): { entityId: string; entryPoint: string | null; signingCerts: string[] } {
  const idp = samlify.IdentityProvider({ metadata });
  const entityId = idp.entityMeta.getEntityID();
  const service = idp.entityMeta.getSingleSignOnService(binding.redirect);
  if (!entityId) throw new Error('no entityID');
  const declared: unknown = idp.entityMeta.getX509Certificate('signing');
  const signingCerts = ([] as unknown[])
    .concat(declared ?? [])
    .flat(Infinity)
    .filter((cert): cert is string => typeof cert === 'string' && cert.trim() !== '')
    .map(pemOf);
  return { entityId, entryPoint: typeof service === 'string' ? service : null, signingCerts };
}

/** A certificate's base64 body (as metadata carries it) in PEM armour. */
function pemOf(body: string): string {
  const base64 = body.replace(/\s+/g, '');
  return `-----BEGIN CERTIFICATE-----\n${base64.replace(/(.{64})/g, '$1\n').replace(/\n$/, '')}\n-----END CERTIFICATE-----`;
}

/** Checks that a certificate is a PEM X.509 certificate samlify can use. */
export async function isCertificate(pem: string): Promise<boolean> {
  await loaded();
  try {
    const location = [{ Binding: binding.redirect, Location: 'https://check.invalid/' }];
    samlify.IdentityProvider({ entityID: 'urn:check', signingCert: pem, singleSignOnService: location, singleLogoutService: location });
    if (!/-----BEGIN CERTIFICATE-----[\s\S]+-----END CERTIFICATE-----/.test(pem)) return false;
    // The armour alone says nothing: the DER inside must read as an X.509 certificate.
    new X509Certificate(pem);
    return true;
  } catch {
    return false;
  }
}

/** An AuthnRequest by the HTTP-Redirect binding: the entry point with a deflated `SAMLRequest` and `RelayState`. */
export async function loginRequest(sp: ServiceProviderSpec, config: StoredSamlConfig, relayState: string, requestId: string): Promise<{ requestId: string; url: string }> {
  await loaded();
  const request = serviceProvider(sp, config, requestId).createLoginRequest(identityProvider(config), 'redirect');
  if (request.id !== requestId) throw new Error('samlify did not use the request ID it was given');
  const url = new URL(request.context);
  url.searchParams.delete('RelayState');
  url.searchParams.set('RelayState', relayState);
  return { requestId: request.id, url: url.toString() };
}

/** The service provider's metadata (entityID, the HTTP-POST ACS). */
export async function spMetadata(sp: ServiceProviderSpec, config: StoredSamlConfig): Promise<string> {
  await loaded();
  return serviceProvider(sp, config).getMetadata();
}

/**
 * The `Assertion` and `EncryptedAssertion` elements anywhere in a (well-formed, DTD-free) SAML
 * document, by their start tags: an element cannot be written otherwise, so none goes uncounted
 * (a comment naming one counts too, which only refuses more).
 */
function assertionsIn(xml: string): number {
  return xml.match(/<(?:[A-Za-z_][\w.-]*:)?(?:Encrypted)?Assertion[\s/>]/g)?.length ?? 0;
}

const first = (value: unknown): string | null => {
  const one = Array.isArray(value) ? value[0] : value;
  return typeof one === 'string' && one !== '' ? one : null;
};

/**
 * Verifies a posted SAML response with samlify — schema, XML signature against the IdP's
 * certificate (the response's or the assertion's; unsigned is refused), the Issuer, the
 * Conditions' time window — then the checks samlify leaves to its caller: the audience, the
 * response's Destination and the SubjectConfirmationData's Recipient (this ACS), its
 * NotOnOrAfter, and InResponseTo (the request this sign-in sent; none is an unsolicited response).
 */
export async function parseLoginResponse(sp: ServiceProviderSpec, config: StoredSamlConfig, samlResponse: string, expected: { requestId: string; now: Date }): Promise<SamlIdentity> {
  await loaded();
  const idp = identityProvider(config);
  let extract: Record<string, unknown>;
  let xml: string;
  try {
    const parsed = await serviceProvider(sp, config).parseLoginResponse(idp, 'post', { body: { SAMLResponse: samlResponse } });
    extract = parsed.extract as Record<string, unknown>;
    xml = parsed.samlContent as string;
  } catch (error) {
    throw new SamlFailure('invalid_saml_response', `samlify: ${error instanceof Error ? error.message : String(error)}`.slice(0, 300));
  }
  // Exactly one assertion in the whole document: a second one (unsigned, beside or around the signed
  // one, or the signed one moved into Extensions) is a signature-wrapping attempt, whichever one the
  // signature covers.
  if (assertionsIn(xml) !== 1) throw new SamlFailure('invalid_saml_response', 'not exactly one assertion');
  // The assertion samlify verified (so its fields cannot come from an unsigned copy elsewhere in the document).
  const [verified, assertion] = samlify.SamlLib.verifySignature(xml, { metadata: idp.entityMeta });
  if (!verified || !assertion) throw new SamlFailure('invalid_saml_response', 'no verified assertion');
  const signed = samlify.Extractor.extract(assertion, [
    { key: 'assertion', localPath: ['Assertion'], attributes: ['ID'] },
    { key: 'confirmation', localPath: ['Assertion', 'Subject', 'SubjectConfirmation', 'SubjectConfirmationData'], attributes: ['Recipient', 'NotOnOrAfter', 'InResponseTo'] },
  ]) as { assertion?: unknown; confirmation?: unknown };
  // One assertion with one subject confirmation: anything else is refused.
  if (typeof signed.assertion !== 'string' || Array.isArray(signed.confirmation)) throw new SamlFailure('invalid_saml_response', 'not one assertion');

  const audiences = ([] as unknown[]).concat(extract.audience ?? []);
  if (!audiences.includes(config.audience)) throw new SamlFailure('invalid_saml_response', 'audience');
  const response = (extract.response ?? {}) as { destination?: string; inResponseTo?: string };
  if (response.destination !== undefined && response.destination !== sp.acsURL) throw new SamlFailure('invalid_saml_response', 'destination');
  const confirmation = (signed.confirmation ?? {}) as { recipient?: string; notOnOrAfter?: string; inResponseTo?: string };
  if (confirmation.recipient !== undefined && confirmation.recipient !== sp.acsURL) throw new SamlFailure('invalid_saml_response', 'recipient');
  const inResponseTo = confirmation.inResponseTo ?? response.inResponseTo;
  if (!inResponseTo) throw new SamlFailure('unsolicited_response', 'no InResponseTo');
  if (inResponseTo !== expected.requestId || (response.inResponseTo !== undefined && response.inResponseTo !== expected.requestId)) throw new SamlFailure('invalid_saml_response', 'InResponseTo');
  const confirmationEnd = confirmation.notOnOrAfter ? new Date(confirmation.notOnOrAfter) : null;
  if (confirmationEnd && !(confirmationEnd.getTime() + 60_000 > expected.now.getTime())) throw new SamlFailure('invalid_saml_response', 'expired confirmation');
  const assertionId = signed.assertion;
  if (!assertionId) throw new SamlFailure('invalid_saml_response', 'no assertion ID');
  const conditions = (extract.conditions ?? {}) as { notOnOrAfter?: string };
  const ends = [conditions.notOnOrAfter, confirmation.notOnOrAfter].filter((v): v is string => typeof v === 'string').map((v) => new Date(v).getTime()).filter(Number.isFinite);

  const attributes = (extract.attributes ?? {}) as Record<string, unknown>;
  const mapping: SsoMapping = config.mapping ?? {};
  const attribute = (...names: (string | undefined)[]) => {
    for (const name of names) if (name && first(attributes[name])) return first(attributes[name]);
    return null;
  };
  const nameID = first(extract.nameID);
  if (!nameID) throw new SamlFailure('invalid_saml_response', 'no NameID');
  const email = attribute(mapping.email, 'email', 'mail', 'emailAddress', 'http://schemas.xmlsoap.org/ws/2005/05/identity/claims/emailaddress') ?? (nameID.includes('@') ? nameID : null);
  const firstName = attribute(mapping.firstName, 'givenName', 'firstName', 'http://schemas.xmlsoap.org/ws/2005/05/identity/claims/givenname');
  const lastName = attribute(mapping.lastName, 'surname', 'lastName', 'sn', 'http://schemas.xmlsoap.org/ws/2005/05/identity/claims/surname');
  const name = attribute(mapping.name, 'name', 'displayName') ?? ([firstName, lastName].filter(Boolean).join(' ') || null);
  return { nameID: attribute(mapping.id) ?? nameID, email, name, firstName, lastName, assertionId, notOnOrAfter: ends.length > 0 ? new Date(Math.min(...ends)) : null };
}
