// @tend/sessions/issuer: the capability to make new sessions. Only the composition root imports
// it, to hand one SessionIssuer to identity's sign-in completion (the one sign-in pipeline);
// `tooling/dependency-cruiser.cjs` refuses any other importer.
export { SessionIssuer, type CreateSessionInput } from './session-issuer.js';
