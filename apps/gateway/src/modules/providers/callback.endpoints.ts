import express, { type Request, type Response } from 'express';
import * as api from '@tend/contracts';
import { routes } from '@tend/contracts';
import { withQuery } from '@tend/identity';
import { defaultErrorURLOf, isCallbackError, redirectURIOf } from '@tend/providers';
import { Redirect, endpoint, type AuditEntry, type AuditOutcome } from '../../http/endpoint.js';
import { validationError } from '../../http/gateway-errors.js';
import { PLATFORM } from '../../platform.js';
import { PROVIDER_STATE_COOKIE } from './state-cookie.js';
import { PROVIDERS } from './tokens.js';

const tags = ['Identity providers'];

/** A failed callback's redirect, with what the audit log needs to know about the failure. */
class FailedCallback extends Redirect {
  constructor(
    location: string,
    readonly failure: { provider: string; reason: string },
  ) {
    super(location);
  }
}

/** A link to a signed-in account's redirect, with whose account and which provider (its recent activity). */
class LinkedCallback extends Redirect {
  constructor(
    location: string,
    readonly linked: { userId: string; provider: string },
  ) {
    super(location);
  }
}

/** `sign-in.failure` of a redirect flow (successes are the sign-in completion's), and `account.linked`. */
function callbackAudit(outcome: AuditOutcome): AuditEntry | null {
  if (outcome.ok && outcome.result instanceof LinkedCallback) {
    const { userId, provider } = outcome.result.linked;
    return { action: 'account.linked', actorId: userId, targetUserId: userId, detail: { provider } };
  }
  if (!outcome.ok || !(outcome.result instanceof FailedCallback)) return null;
  const { provider, reason } = outcome.result.failure;
  return { action: 'sign-in.failure', actorId: null, detail: { method: 'social', provider, reason } };
}

const CALLBACK_DESCRIPTION = [
  'Consumes the sign-in state (once; only in the browser holding its `tend.oauth_state` cookie), trades the code for tokens, reads the profile, then signs in, signs up or links (spec section 4).',
  'Always a redirect, never JSON: on success to the callbackURL (newUserCallbackURL for a new user) with the session cookie set; on failure to the errorCallbackURL, else `{base}/error`, with `?error=<code>`:',
  '`state_not_found`, `please_restart_the_process`, the provider’s own error (`access_denied`), `no_code`, `oauth_provider_not_found`, `invalid_code`, `unable_to_get_user_info`, `email_not_found`, `no_callback_url`, `account_not_linked`, `signup_disabled`, `unable_to_create_user`, `unable_to_create_session`, `banned`, and for links `unable_to_link_account`, `email_doesn\'t_match`, `account_already_linked_to_different_user`.',
].join('\n\n');

export const callback = endpoint({
  ...routes.callback,
  summary: 'Where an identity provider sends the browser back',
  description: CALLBACK_DESCRIPTION,
  tags,
  auth: 'public',
  audit: callbackAudit,
  deps: { handleCallback: PROVIDERS.HandleCallback, cookies: PLATFORM.Cookies, signIns: PLATFORM.SignInHttp, routes: PROVIDERS.Routes, logger: PLATFORM.Logger },
  async handler({ deps, params, query, req, res }) {
    const provider = params.id;
    try {
      const result = await deps.handleCallback.execute({
        providerId: provider,
        state: query.state,
        code: query.code,
        error: query.error,
        errorDescription: query.error_description,
        deviceId: query.device_id,
        user: query.user,
        binding: deps.cookies.get(req, PROVIDER_STATE_COOKIE),
        requestSignUp: query.requestSignUp,
        client: deps.signIns.client(req),
      });
      if (result.outcome === 'linked') return new LinkedCallback(result.redirectTo, { userId: result.user.id, provider });
      // The session (or the second step's page, which comes back to the same place).
      return deps.signIns.redirect(req, res, result.signIn, result.redirectTo);
    } catch (error) {
      if (isCallbackError(error)) return new FailedCallback(error.redirectTo, { provider, reason: error.redirectCode });
      // A browser on its way back from a provider gets a page, never a JSON 500.
      deps.logger.error('provider callback failed', { provider, error: error instanceof Error ? error.name : 'unknown', code: (error as { code?: unknown } | null)?.code });
      return new FailedCallback(withQuery(defaultErrorURLOf(deps.routes), { error: 'please_restart_the_process' }), { provider, reason: 'please_restart_the_process' });
    }
  },
});

/** Parses a form body (Apple's form post) on this one route; JSON bodies were parsed already. */
const formParser = express.urlencoded({ extended: false, limit: '64kb', parameterLimit: 50 });

function readForm(req: Request, res: Response): Promise<unknown> {
  return new Promise((resolve, reject) => formParser(req, res, (error?: unknown) => (error ? reject(error) : resolve(req.body))));
}

export const callbackPost = endpoint({
  ...routes.callbackPost,
  summary: 'Where a provider posts the browser back (Apple’s form post)',
  description:
    'Answers 302 to GET /callback/{id} with the same fields (query and form or JSON body, the query winning), so the SameSite=Lax binding cookie travels with the request that finishes the sign-in. Accepts `application/x-www-form-urlencoded` as well as JSON.',
  tags,
  auth: 'public',
  formBody: true,
  deps: { routes: PROVIDERS.Routes },
  async handler({ deps, params, query, body, req, res }) {
    let fields = body;
    if (req.body === undefined) {
      const parsed = api.callbackBody.safeParse((await readForm(req, res)) ?? {});
      if (!parsed.success) throw validationError('body', parsed.error);
      fields = parsed.data;
    }
    const merged: Record<string, string> = {};
    for (const source of [fields, query] as Record<string, unknown>[]) {
      for (const [key, value] of Object.entries(source)) if (typeof value === 'string' && value !== '') merged[key] = value;
    }
    // Only a request for sign-up travels on: `false` is the default anyway.
    const requestSignUp = query.requestSignUp || fields.requestSignUp === true || fields.requestSignUp === 'true' || fields.requestSignUp === '1';
    if (requestSignUp) merged.requestSignUp = 'true';
    else delete merged.requestSignUp;
    const search = new URLSearchParams(merged).toString();
    return new Redirect(`${redirectURIOf(deps.routes, encodeURIComponent(params.id))}${search ? `?${search}` : ''}`);
  },
});
