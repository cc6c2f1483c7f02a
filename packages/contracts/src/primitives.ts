// The shared validation primitives every request schema is built from. Each refuses what the
// database or a browser would choke on: NUL and other C0 control characters (newlines only where
// a field is multi-line), lone UTF-16 surrogates, unbounded lengths.
import { z } from 'zod';

// C0 controls and DEL, except TAB, LF and CR, which multi-line text may carry.
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;
// eslint-disable-next-line no-control-regex
const LINE_BREAK = /[\u0009\u000A\u000D]/;
// A high surrogate not followed by a low one, or a low one not preceded by a high one.
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Length limits of the spec and sensible bounds elsewhere, in one place. */
export const LIMITS = {
  email: 320,
  name: 200,
  url: 2048,
  password: 1024,
  token: 4096,
  id: 256,
  shortText: 200,
  longText: 2000,
} as const;

export interface TextOptions {
  min?: number;
  max: number;
  /** Allow tabs and line breaks (a bio); single-line fields refuse them. */
  multiline?: boolean;
  /** Trim surrounding white space before the length checks. */
  trim?: boolean;
}

/** Text of bounded length, free of control characters and lone surrogates. */
export function text({ min = 0, max, multiline = false, trim = false }: TextOptions) {
  const base = trim ? z.string().trim() : z.string();
  return base
    .min(min, min === 1 ? 'must not be empty' : `must be at least ${min} characters`)
    .max(max, `must be at most ${max} characters`)
    .refine((value) => !CONTROL.test(value) && (multiline || !LINE_BREAK.test(value)), 'must not contain control characters')
    .refine((value) => !LONE_SURROGATE.test(value), 'must be well-formed Unicode');
}

/** A one-line string of at most `max` characters (the common case). */
export const line = (max: number = LIMITS.shortText) => text({ max });

/**
 * An email as clients send it: bounded and clean. Whether it is a valid address (and its
 * lowercase form) is the identity package's rule, answered as 400 INVALID_EMAIL.
 */
export const emailInput = () => line(LIMITS.email);

/** A password as sent: bounded so hashing cannot be abused; the policy (8 to 128) is the core's. */
export const passwordInput = () => text({ max: LIMITS.password, multiline: true });

/**
 * The identity provider's signed authorization request (`response_type=code&…&exp=…&sig=…`),
 * which every sign-in method accepts: a signed-in answer then goes on to the consent page.
 */
export const oauthQueryInput = () => line(LIMITS.url * 4);

/** An opaque token or identifier sent back to us. */
export const tokenInput = (max: number = LIMITS.token) => line(max);

/** An id of a stored record (36-character UUIDs here; bounded, never parsed). */
export const idInput = () => text({ min: 1, max: LIMITS.id });

/** A redirect target: relative, or absolute on a trusted origin (checked by the gateway, 403 `Invalid {field}`). */
export const redirectURL = () => line(LIMITS.url);

/** An http(s) URL such as an avatar. */
export const httpURL = () => z.url({ protocol: /^https?$/ }).max(LIMITS.url);

/** A boolean query flag: `true`/`1` or `false`/`0`. */
export const queryBoolean = () =>
  z
    .enum(['true', 'false', '1', '0'])
    .optional()
    .transform((value) => value === 'true' || value === '1');

/** A whole number in a query string (or a number in JSON), within bounds. */
export const queryInteger = (min: number, max: number) => z.coerce.number().int().min(min).max(max);

/**
 * How far JSON from a client may nest, and how many keys it may hold: one depth for the whole
 * body (checked where JSON enters the gateway, after parsing) and for every stored record
 * (metadata), counted in objects and arrays (the body or the record itself is level 1).
 */
export const JSON_LIMITS = {
  /** Levels of objects and arrays, in a body and in a record. */
  depth: 32,
  /** Object keys in a whole body. */
  bodyKeys: 10_000,
  /** Values (keys, array items and scalars) in one stored record. */
  recordValues: 1000,
} as const;

export interface JsonLimitProblem {
  /** The path of the value that crossed a limit (empty: the whole body). */
  path: (string | number)[];
  message: string;
}

/**
 * Whether a parsed JSON value nests deeper than `maxDepth` levels or holds more than `maxKeys`
 * object keys; the first problem met, or null. Walked without recursion (a 10,000-level body is
 * a loop, never a stack overflow), and stops at the first level past the limit.
 */
export function jsonLimitProblem(root: unknown, { maxDepth = JSON_LIMITS.depth, maxKeys = JSON_LIMITS.bodyKeys }: { maxDepth?: number; maxKeys?: number } = {}): JsonLimitProblem | null {
  const stack: Array<{ value: unknown; depth: number; path: (string | number)[] }> = [{ value: root, depth: 1, path: [] }];
  let keys = 0;
  while (stack.length > 0) {
    const { value, depth, path } = stack.pop()!;
    if (value === null || typeof value !== 'object') continue;
    if (depth > maxDepth) return { path, message: `must be at most ${maxDepth} levels deep` };
    const entries = Array.isArray(value) ? value.map((child, index) => [index, child] as const) : Object.entries(value);
    if (!Array.isArray(value) && (keys += entries.length) > maxKeys) return { path: [], message: `must hold at most ${maxKeys} keys` };
    for (const [key, child] of entries) {
      if (child !== null && typeof child === 'object') stack.push({ value: child, depth: depth + 1, path: [...path, key] });
    }
  }
  return null;
}

/**
 * A JSON record a client may store (metadata): at most `maxDepth` levels (JSON_LIMITS.depth) and
 * `maxNodes` values (JSON_LIMITS.recordValues), every key and string clean as `text()`. Walked
 * without recursion, so a hostile 10,000-level body is refused, never a stack overflow.
 */
export function jsonRecord({ maxDepth = JSON_LIMITS.depth, maxNodes = JSON_LIMITS.recordValues, maxString = LIMITS.longText }: { maxDepth?: number; maxNodes?: number; maxString?: number } = {}) {
  return z.record(line(100), z.unknown()).superRefine((record, ctx) => {
    const stack: Array<{ value: unknown; depth: number }> = [{ value: record, depth: 1 }];
    let nodes = 0;
    while (stack.length > 0) {
      const { value, depth } = stack.pop()!;
      if (++nodes > maxNodes) return void ctx.addIssue({ code: 'custom', message: `must hold at most ${maxNodes} values` });
      if (typeof value === 'string') {
        if (value.length > maxString || CONTROL.test(value) || LONE_SURROGATE.test(value)) return void ctx.addIssue({ code: 'custom', message: 'must hold clean strings' });
        continue;
      }
      if (value === null || typeof value !== 'object') continue;
      if (depth > maxDepth) return void ctx.addIssue({ code: 'custom', message: `must be at most ${maxDepth} levels deep` });
      for (const [key, child] of Object.entries(value)) {
        if (key.length > 100 || CONTROL.test(key) || LONE_SURROGATE.test(key)) return void ctx.addIssue({ code: 'custom', message: 'must have clean keys' });
        stack.push({ value: child, depth: depth + 1 });
      }
    }
  });
}

/** ISO timestamps on the wire (Dates serialize to these). */
export const timestamp = () => z.iso.datetime({ offset: true });
