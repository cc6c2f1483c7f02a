// The web app's settings, read from the environment once and checked (server/env.mjs, which
// server.mjs shares): nothing else in apps/web reads process.env.
export { env, readEnv } from '../../server/env.mjs';
