// Passkeys (issue 22): WebAuthn registration and sign-in (the /passkey/generate-* options and
// /passkey/verify-* answers), and the management of the caller's passkeys.
import { z } from 'zod';
import { session, signInChallenge, status, user } from './auth.js';
import { LIMITS, idInput, jsonRecord, line, oauthQueryInput, text, timestamp } from './primitives.js';
import { route } from './route.js';

/** A base64url value of a WebAuthn answer (client data, attestation, signature…). */
const b64url = (max = 16_384) => line(max).regex(/^[A-Za-z0-9_-]*$/, 'must be base64url');
/** A credential id (base64url, at most 1023 bytes by the spec). */
const credentialId = () => b64url(1400).min(1);
const transports = () => z.array(line(32)).max(10);

/** What navigator.credentials.create() answered, as @simplewebauthn/browser sends it. */
export const registrationResponse = z.object({
  id: credentialId(),
  rawId: credentialId(),
  type: z.literal('public-key'),
  response: z.object({
    clientDataJSON: b64url(),
    attestationObject: b64url(),
    authenticatorData: b64url().optional(),
    transports: transports().optional(),
    publicKeyAlgorithm: z.number().int().min(-65_536).max(65_536).optional(),
    publicKey: b64url().optional(),
  }),
  authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
  clientExtensionResults: jsonRecord({ maxDepth: 4, maxNodes: 100 }).default({}),
});

/** What navigator.credentials.get() answered. */
export const authenticationResponse = z.object({
  id: credentialId(),
  rawId: credentialId(),
  type: z.literal('public-key'),
  response: z.object({
    clientDataJSON: b64url(),
    authenticatorData: b64url(),
    signature: b64url(),
    userHandle: b64url(1024).optional(),
  }),
  authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
  clientExtensionResults: jsonRecord({ maxDepth: 4, maxNodes: 100 }).default({}),
});

/** A passkey as answered: never its public key. */
export const passkey = z
  .object({
    id: z.string(),
    name: z.string().nullable(),
    userId: z.string(),
    credentialID: z.string(),
    counter: z.number(),
    deviceType: z.string(),
    backedUp: z.boolean(),
    transports: z.array(z.string()),
    createdAt: timestamp(),
  })
  .meta({ id: 'Passkey' });

/** The client extensions the options may ask for. */
const extensions = () => z.object({ appid: z.string().optional(), credProps: z.boolean().optional(), hmacCreateSecret: z.boolean().optional(), minPinLength: z.boolean().optional() }).optional();
const descriptor = z.object({ id: z.string(), type: z.literal('public-key'), transports: z.array(z.string()).optional() });

/** PublicKeyCredentialCreationOptionsJSON: what navigator.credentials.create() is given. */
export const registrationOptions = z
  .object({
    challenge: z.string(),
    rp: z.object({ id: z.string(), name: z.string() }),
    user: z.object({ id: z.string(), name: z.string(), displayName: z.string() }),
    pubKeyCredParams: z.array(z.object({ type: z.literal('public-key'), alg: z.number() })),
    timeout: z.number().optional(),
    excludeCredentials: z.array(descriptor).optional(),
    authenticatorSelection: z.object({ residentKey: z.string().optional(), requireResidentKey: z.boolean().optional(), userVerification: z.string().optional(), authenticatorAttachment: z.string().optional() }).optional(),
    attestation: z.literal('none'),
    extensions: extensions(),
    hints: z.array(z.string()).optional(),
  })
  .meta({ id: 'PasskeyRegistrationOptions' });

/** PublicKeyCredentialRequestOptionsJSON: what navigator.credentials.get() is given. */
export const authenticationOptions = z
  .object({
    challenge: z.string(),
    rpId: z.string(),
    timeout: z.number().optional(),
    allowCredentials: z.array(descriptor).optional(),
    userVerification: z.string().optional(),
    extensions: extensions(),
    hints: z.array(z.string()).optional(),
  })
  .meta({ id: 'PasskeyAuthenticationOptions' });

/** A passkey's name: one line, trimmed, 1 to 200 characters. */
const passkeyName = () => text({ min: 1, max: LIMITS.name, trim: true });

export const verifyRegistrationBody = z.object({ response: registrationResponse, name: passkeyName().optional() });
export const verifyAuthenticationBody = z.object({ response: authenticationResponse, oauth_query: oauthQueryInput().optional() });
export const verifyAuthenticationResponse = z.union([z.object({ session, user }), signInChallenge]);
export const updatePasskeyBody = z.object({ id: idInput(), name: passkeyName() });
export const deletePasskeyBody = z.object({ id: idInput() });

// ------------------------------------------------------------------ routes

export const passkeyRoutes = {
  generatePasskeyRegisterOptions: route({ method: 'get', path: '/passkey/generate-register-options', response: registrationOptions }),
  verifyPasskeyRegistration: route({ method: 'post', path: '/passkey/verify-registration', body: verifyRegistrationBody, response: passkey }),
  generatePasskeyAuthenticateOptions: route({ method: 'get', path: '/passkey/generate-authenticate-options', response: authenticationOptions }),
  verifyPasskeyAuthentication: route({ method: 'post', path: '/passkey/verify-authentication', body: verifyAuthenticationBody, response: verifyAuthenticationResponse }),
  listUserPasskeys: route({ method: 'get', path: '/passkey/list-user-passkeys', response: z.array(passkey) }),
  updatePasskey: route({ method: 'post', path: '/passkey/update-passkey', body: updatePasskeyBody, response: z.object({ passkey }) }),
  deletePasskey: route({ method: 'post', path: '/passkey/delete-passkey', body: deletePasskeyBody, response: status }),
};
