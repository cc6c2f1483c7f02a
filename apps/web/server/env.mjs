// The web app's settings: the only reader of process.env in apps/web. Parsed once with zod, so a
// wrong value stops the server at start with a clear message instead of failing a request later.
// Plain JavaScript: `server.mjs` runs it as is, and the app (app/lib/env.server.ts) bundles it.
import { z } from 'zod';

const text = z.string().trim();
const url = (name) =>
  text.refine((value) => {
    try {
      return ['http:', 'https:'].includes(new URL(value).protocol);
    } catch {
      return false;
    }
  }, `${name} must be an http(s) URL`);

export const envSchema = z.object({
  NODE_ENV: text.optional(),
  /** Port of `server.mjs` (and of `pnpm dev`). */
  WEB_PORT: z.coerce.number().int().min(0).max(65535).default(3001),
  /** Interface to listen on (all when unset). */
  WEB_HOST: text.optional(),
  /** Where the server finds the gateway. */
  GATEWAY_URL: url('GATEWAY_URL').default('http://127.0.0.1:3000'),
  /** The public origin behind a proxy (callback URLs and the Origin sent to the gateway). */
  WEB_ORIGIN: url('WEB_ORIGIN').optional(),
  /** Express `trust proxy`: a hop count or a list of addresses (`loopback`). */
  TRUST_PROXY: text.optional(),
  /** `1`/`0` force the development outbox page on or off. */
  DEV_OUTBOX: z.enum(['0', '1']).optional(),
  /** The gateway's domain of placeholder addresses, when it is configured with one (else `.invalid` alone). */
  AUTH_PROVIDER_PLACEHOLDER_EMAIL_DOMAIN: text.optional(),
});

/**
 * The settings of an environment, or an Error naming every bad variable.
 * @param {Record<string, string | undefined>} source
 */
export function readEnv(source) {
  // An empty variable counts as unset, as in a shell's `VAR= node server.mjs`.
  const set = Object.fromEntries(Object.entries(source).filter(([, value]) => value !== undefined && value.trim() !== ''));
  const parsed = envSchema.safeParse(set);
  if (!parsed.success) throw new Error(`Invalid environment: ${parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; ')}`);
  const vars = parsed.data;
  return {
    production: vars.NODE_ENV === 'production',
    port: vars.WEB_PORT,
    host: vars.WEB_HOST,
    gatewayUrl: vars.GATEWAY_URL.replace(/\/+$/, ''),
    webOrigin: vars.WEB_ORIGIN ? new URL(vars.WEB_ORIGIN).origin : null,
    /** @type {number | string | false} */
    trustProxy: vars.TRUST_PROXY ? (/^\d+$/.test(vars.TRUST_PROXY) ? Number(vars.TRUST_PROXY) : vars.TRUST_PROXY) : false,
    /** The development outbox page: on outside production unless DEV_OUTBOX=0; DEV_OUTBOX=1 forces it on. */
    devOutbox: vars.DEV_OUTBOX ? vars.DEV_OUTBOX === '1' : vars.NODE_ENV !== 'production',
    placeholderEmailDomain: vars.AUTH_PROVIDER_PLACEHOLDER_EMAIL_DOMAIN?.trim().toLowerCase() || null,
  };
}

/** @type {ReturnType<typeof readEnv> | undefined} */
let cached;

/** This process's settings, read from process.env on first use. */
export function env() {
  cached ??= readEnv(process.env);
  return cached;
}

/** React and Remix pick their builds from NODE_ENV when first imported: `server.mjs` sets it first. */
export function defaultNodeEnv(value) {
  process.env.NODE_ENV ??= value;
}
