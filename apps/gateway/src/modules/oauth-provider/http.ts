// What the identity provider's endpoints share: OAuth errors (`error`, `error_description`
// beside `code`, `message`), client authentication (HTTP Basic or the body, RFC 6749 §2.3.1) and
// form-encoded bodies (the token, introspection and revocation endpoints).
import express, { type Request, type Response } from 'express';
import type { z } from 'zod';
import { AuthError } from '@tend/kernel';
import { OAUTH_PROVIDER_ERRORS, withOAuthError, type ClientCredentialsInput } from '@tend/oauth-provider';
import { validationError } from '../../http/gateway-errors.js';

/**
 * Runs a handler, answering its OAuth failures in the RFC 6749 shape too; with `res`, a client
 * refused at the token, introspection or revocation endpoint is told how to authenticate
 * (`WWW-Authenticate: Basic`, RFC 6749 §5.2).
 */
export async function oauth<T>(run: () => Promise<T>, res?: Response): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (res && error instanceof AuthError && error.code === OAUTH_PROVIDER_ERRORS.INVALID_CLIENT.code) res.set('WWW-Authenticate', 'Basic realm="oauth2", charset="UTF-8"');
    throw withOAuthError(error);
  }
}

const formParser = express.urlencoded({ extended: false, limit: '64kb', parameterLimit: 20 });

/**
 * The body of a request that may come form-encoded (OAuth clients) or as JSON: JSON was parsed
 * already; a form is parsed here and checked against the same schema.
 */
export async function formOrJson<S extends z.ZodType>(req: Request, res: Response, schema: S, parsed: z.output<S>): Promise<z.output<S>> {
  if (req.body !== undefined) return parsed;
  const form = await new Promise<unknown>((resolve, reject) => formParser(req, res, (error?: unknown) => (error ? reject(error) : resolve(req.body))));
  const checked = schema.safeParse(form ?? {});
  if (!checked.success) throw validationError('body', checked.error);
  return checked.data;
}

/** How the client authenticates: `Authorization: Basic` (URL-encoded id and secret), or `client_id` / `client_secret` in the body. */
export function clientCredentials(req: Request, body: { client_id?: string; client_secret?: string }): ClientCredentialsInput {
  const header = req.get('authorization');
  if (header && /^basic /i.test(header)) {
    const decoded = Buffer.from(header.slice(6).trim(), 'base64').toString('utf8');
    const colon = decoded.indexOf(':');
    if (colon > 0) {
      const id = safeDecode(decoded.slice(0, colon));
      const secret = safeDecode(decoded.slice(colon + 1));
      if (id !== null && secret !== null) return { clientId: id, clientSecret: secret, via: 'basic' };
    }
    return { clientId: null, clientSecret: null, via: 'basic' };
  }
  if (body.client_secret) return { clientId: body.client_id ?? null, clientSecret: body.client_secret, via: 'post' };
  return { clientId: body.client_id ?? null, clientSecret: null, via: 'none' };
}

/** The bearer token of a request (`Authorization: Bearer`), or null. */
export function bearerToken(req: Request): string | null {
  const header = req.get('authorization');
  const match = header ? /^bearer\s+(\S+)\s*$/i.exec(header) : null;
  return match ? match[1]! : null;
}

function safeDecode(value: string): string | null {
  try {
    return decodeURIComponent(value.replace(/\+/g, ' '));
  } catch {
    return null;
  }
}
