import { randomUUID } from 'node:crypto';
import * as samlify from 'samlify';
import * as selfsigned from 'selfsigned';

const { binding } = samlify.Constants.namespace;

/** A signing key pair and its self-signed certificate, made at test time. */
export interface SigningKeys {
  privateKey: string;
  cert: string;
}

export async function generateSigningKeys(commonName = 'saml-idp.test'): Promise<SigningKeys> {
  const pems = await selfsigned.generate([{ name: 'commonName', value: commonName }], { keySize: 2048, algorithm: 'sha256', notAfterDate: new Date(Date.now() + 2 * 86_400_000) });
  return { privateKey: pems.private, cert: pems.cert };
}

export interface SamlUser {
  nameID: string;
  email?: string;
  givenName?: string;
  surname?: string;
}

/** What a test may change in a response (the SP's values by default). */
export interface ResponseOverrides {
  audience?: string;
  recipient?: string;
  destination?: string;
  inResponseTo?: string | null;
  /** Conditions and SubjectConfirmationData end; default five minutes from now. */
  notOnOrAfter?: Date;
  notBefore?: Date;
  issuer?: string;
  assertionId?: string;
  /** Which element the IdP signs: the assertion (default), the whole response (Google Workspace's default), or both. */
  signAt?: 'assertion' | 'response' | 'both';
  /** The document's shape: samlify's (default) or Google Workspace's (`saml2`/`saml2p` prefixes declared where used, an XML declaration). */
  style?: 'samlify' | 'google';
}

/** The signature-wrapping forms a forger makes of a genuine signed response (the signature stays valid over what it covers). */
export type WrappingForm =
  /** The signed assertion moved into `<samlp:Extensions>`, an unsigned forged one in its place. */
  | 'signed-in-extensions'
  /** The signed assertion kept, an unsigned forged one added after it. */
  | 'second-assertion-after'
  /** The signed assertion kept, an unsigned forged one added before it. */
  | 'second-assertion-before';

export interface SamlIdp {
  entityId: string;
  entryPoint: string;
  cert: string;
  /**
   * The browser at the IdP: reads the AuthnRequest of an entry-point URL and answers the form
   * the IdP posts to the ACS (base64 SAMLResponse, RelayState), signed by the IdP's key.
   */
  respond(authnRequestURL: string, user: SamlUser, overrides?: ResponseOverrides): Promise<{ SAMLResponse: string; RelayState: string; requestId: string }>;
  /** The same response without any signature. */
  respondUnsigned(authnRequestURL: string, user: SamlUser, overrides?: ResponseOverrides): Promise<{ SAMLResponse: string; RelayState: string; requestId: string }>;
  /**
   * A genuine response for `user`, signed at the assertion, rewrapped by a forger so that an
   * unsigned assertion for `victim` sits where a careless reader looks (see `WrappingForm`).
   */
  respondWrapped(authnRequestURL: string, user: SamlUser, victim: SamlUser, form: WrappingForm): Promise<{ SAMLResponse: string; RelayState: string; requestId: string }>;
}

const TEMPLATE =
  '<samlp:Response xmlns:samlp="urn:oasis:names:tc:SAML:2.0:protocol" xmlns:saml="urn:oasis:names:tc:SAML:2.0:assertion" ID="{ID}" Version="2.0" IssueInstant="{IssueInstant}" Destination="{Destination}"{InResponseToAttribute}><saml:Issuer>{Issuer}</saml:Issuer><samlp:Status><samlp:StatusCode Value="urn:oasis:names:tc:SAML:2.0:status:Success"/></samlp:Status><saml:Assertion xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xmlns:xs="http://www.w3.org/2001/XMLSchema" ID="{AssertionID}" Version="2.0" IssueInstant="{IssueInstant}"><saml:Issuer>{Issuer}</saml:Issuer><saml:Subject><saml:NameID Format="urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress">{NameID}</saml:NameID><saml:SubjectConfirmation Method="urn:oasis:names:tc:SAML:2.0:cm:bearer"><saml:SubjectConfirmationData NotOnOrAfter="{NotOnOrAfter}" Recipient="{Recipient}"{InResponseToAttribute}/></saml:SubjectConfirmation></saml:Subject><saml:Conditions NotBefore="{NotBefore}" NotOnOrAfter="{NotOnOrAfter}"><saml:AudienceRestriction><saml:Audience>{Audience}</saml:Audience></saml:AudienceRestriction></saml:Conditions><saml:AuthnStatement AuthnInstant="{IssueInstant}" SessionIndex="{AssertionID}"><saml:AuthnContext><saml:AuthnContextClassRef>urn:oasis:names:tc:SAML:2.0:ac:classes:PasswordProtectedTransport</saml:AuthnContextClassRef></saml:AuthnContext></saml:AuthnStatement><saml:AttributeStatement>{Attributes}</saml:AttributeStatement></saml:Assertion></samlp:Response>';

/** Google Workspace's shape of the same response (its prefixes, declarations and element order). */
const GOOGLE_TEMPLATE =
  '<?xml version="1.0" encoding="UTF-8"?><saml2p:Response xmlns:saml2p="urn:oasis:names:tc:SAML:2.0:protocol" Destination="{Destination}" ID="{ID}"{InResponseToAttribute} IssueInstant="{IssueInstant}" Version="2.0"><saml2:Issuer xmlns:saml2="urn:oasis:names:tc:SAML:2.0:assertion">{Issuer}</saml2:Issuer><saml2p:Status><saml2p:StatusCode Value="urn:oasis:names:tc:SAML:2.0:status:Success"/></saml2p:Status><saml2:Assertion xmlns:saml2="urn:oasis:names:tc:SAML:2.0:assertion" ID="{AssertionID}" IssueInstant="{IssueInstant}" Version="2.0"><saml2:Issuer>{Issuer}</saml2:Issuer><saml2:Subject><saml2:NameID Format="urn:oasis:names:tc:SAML:1.1:nameid-format:unspecified">{NameID}</saml2:NameID><saml2:SubjectConfirmation Method="urn:oasis:names:tc:SAML:2.0:cm:bearer"><saml2:SubjectConfirmationData{InResponseToAttribute} NotOnOrAfter="{NotOnOrAfter}" Recipient="{Recipient}"/></saml2:SubjectConfirmation></saml2:Subject><saml2:Conditions NotBefore="{NotBefore}" NotOnOrAfter="{NotOnOrAfter}"><saml2:AudienceRestriction><saml2:Audience>{Audience}</saml2:Audience></saml2:AudienceRestriction></saml2:Conditions><saml2:AttributeStatement>{GoogleAttributes}</saml2:AttributeStatement><saml2:AuthnStatement AuthnInstant="{IssueInstant}" SessionIndex="{AssertionID}"><saml2:AuthnContext><saml2:AuthnContextClassRef>urn:oasis:names:tc:SAML:2.0:ac:classes:unspecified</saml2:AuthnContextClassRef></saml2:AuthnContext></saml2:AuthnStatement></saml2:Assertion></saml2p:Response>';

function googleAttributeXml(name: string, value: string | undefined): string {
  if (value === undefined) return '';
  return `<saml2:Attribute Name="${name}"><saml2:AttributeValue xmlns:xs="http://www.w3.org/2001/XMLSchema" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xsi:type="xs:anyType">${escape(value)}</saml2:AttributeValue></saml2:Attribute>`;
}

/** The (one) assertion of a response this IdP made. */
const ASSERTION = /<saml:Assertion[\s>][\s\S]*?<\/saml:Assertion>/;

const escape = (value: string) => value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

function attributeXml(name: string, value: string | undefined): string {
  if (value === undefined) return '';
  return `<saml:Attribute Name="${name}" NameFormat="urn:oasis:names:tc:SAML:2.0:attrname-format:basic"><saml:AttributeValue xsi:type="xs:string">${escape(value)}</saml:AttributeValue></saml:Attribute>`;
}

/**
 * A SAML identity provider built with samlify (the library the service provider uses), for tests:
 * it reads real AuthnRequests and signs real responses with a key pair made at test time.
 */
export function createSamlIdp(options: { entityId?: string; entryPoint?: string; keys: SigningKeys }): SamlIdp {
  const entityId = options.entityId ?? 'https://idp.example.test/saml';
  const entryPoint = options.entryPoint ?? 'https://idp.example.test/sso';
  const idp = samlify.IdentityProvider({
    entityID: entityId,
    privateKey: options.keys.privateKey,
    signingCert: options.keys.cert,
    singleSignOnService: [{ Binding: binding.redirect, Location: entryPoint }],
    singleLogoutService: [{ Binding: binding.redirect, Location: entryPoint }],
    nameIDFormat: ['urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress'],
    loginResponseTemplate: { context: TEMPLATE, attributes: [] },
  });

  async function build(url: string, user: SamlUser, overrides: ResponseOverrides, sign: boolean) {
    const parsedURL = new URL(url);
    const SAMLRequest = parsedURL.searchParams.get('SAMLRequest') ?? '';
    const RelayState = parsedURL.searchParams.get('RelayState') ?? '';
    const request = samlify.Utility.inflateString(SAMLRequest);
    const requestId = /\bID="([^"]+)"/.exec(request)?.[1] ?? '';
    const acsURL = /AssertionConsumerServiceURL="([^"]+)"/.exec(request)?.[1] ?? '';
    const spEntityId = /<saml:Issuer[^>]*>([^<]+)<\/saml:Issuer>/.exec(request)?.[1] ?? '';
    const now = new Date();
    const end = overrides.notOnOrAfter ?? new Date(now.getTime() + 5 * 60_000);
    const inResponseTo = overrides.inResponseTo === undefined ? requestId : overrides.inResponseTo;
    const values: Record<string, string> = {
      ID: `_${randomUUID()}`,
      AssertionID: overrides.assertionId ?? `_${randomUUID()}`,
      IssueInstant: now.toISOString(),
      Destination: overrides.destination ?? acsURL,
      Recipient: overrides.recipient ?? acsURL,
      Issuer: overrides.issuer ?? entityId,
      Audience: overrides.audience ?? spEntityId,
      NotBefore: (overrides.notBefore ?? new Date(now.getTime() - 60_000)).toISOString(),
      NotOnOrAfter: end.toISOString(),
      NameID: escape(user.nameID),
      InResponseToAttribute: inResponseTo === null ? '' : ` InResponseTo="${escape(inResponseTo)}"`,
      Attributes: attributeXml('email', user.email) + attributeXml('givenName', user.givenName) + attributeXml('surname', user.surname),
      GoogleAttributes: googleAttributeXml('email', user.email) + googleAttributeXml('givenName', user.givenName) + googleAttributeXml('surname', user.surname),
    };
    const raw = new Set(['InResponseToAttribute', 'Attributes', 'GoogleAttributes', 'NameID']);
    const xml = (overrides.style === 'google' ? GOOGLE_TEMPLATE : TEMPLATE).replace(/\{(\w+)\}/g, (tag, name: string) => (name in values ? (raw.has(name) ? values[name]! : escape(values[name]!)) : tag));
    if (!sign) return { SAMLResponse: Buffer.from(xml).toString('base64'), RelayState, requestId };
    // samlify's IdP signs the assertion when the SP wants it, and the whole response when the SP wants the message signed.
    const signAt = overrides.signAt ?? 'assertion';
    const sp = samlify.ServiceProvider({
      entityID: spEntityId,
      assertionConsumerService: [{ Binding: binding.post, Location: acsURL }],
      wantAssertionsSigned: signAt !== 'response',
      wantMessageSigned: signAt !== 'assertion',
    });
    const response = await idp.createLoginResponse(sp, { extract: { request: { id: requestId } } }, 'post', { email: user.nameID }, () => ({ id: values.ID ?? '', context: xml }));
    return { SAMLResponse: response.context, RelayState, requestId };
  }

  async function wrapped(url: string, user: SamlUser, victim: SamlUser, form: WrappingForm) {
    const genuine = await build(url, user, {}, true);
    const forged = await build(url, victim, {}, false);
    const signedXml = Buffer.from(genuine.SAMLResponse, 'base64').toString();
    const signedAssertion = ASSERTION.exec(signedXml)?.[0];
    const forgedAssertion = ASSERTION.exec(Buffer.from(forged.SAMLResponse, 'base64').toString())?.[0];
    if (!signedAssertion || !forgedAssertion) throw new Error('no assertion to wrap');
    let xml: string;
    if (form === 'signed-in-extensions') {
      // samlp:Extensions follows the response's Issuer (and Signature), before Status.
      xml = signedXml.replace(signedAssertion, forgedAssertion).replace('<samlp:Status>', `<samlp:Extensions>${signedAssertion}</samlp:Extensions><samlp:Status>`);
    } else if (form === 'second-assertion-after') {
      xml = signedXml.replace(signedAssertion, signedAssertion + forgedAssertion);
    } else {
      xml = signedXml.replace(signedAssertion, forgedAssertion + signedAssertion);
    }
    return { ...genuine, SAMLResponse: Buffer.from(xml).toString('base64') };
  }

  return {
    entityId,
    entryPoint,
    cert: options.keys.cert,
    respond: (url, user, overrides = {}) => build(url, user, overrides, true),
    respondUnsigned: (url, user, overrides = {}) => build(url, user, overrides, false),
    respondWrapped: wrapped,
  };
}
