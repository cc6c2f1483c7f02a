import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Form, useActionData, useLoaderData, type ShouldRevalidateFunction } from '@remix-run/react';
import { useRef, useState } from 'react';
import { routes } from '@tend/contracts';
import { Field, FormAlert, LocalTime, Notice, SubmitButton, useCheckedForm, useHydrated, useResetAfter } from '../components/forms';
import { FreshSignInLink } from '../components/fresh-sign-in';
import { failureStatus, type ActionResult } from '../lib/actions';
import { describeApiKeyError, keyRow } from '../lib/api-keys.server';
import type { KeyRow } from '../lib/api-keys.server';
import { requireSession } from '../lib/auth.server';
import { DEFAULT_EXPIRY, EXPIRY_CHOICES, NAME_MAX, newKeyForm } from '../lib/form-schemas';
import { parseForm, text } from '../lib/forms';
import { formatLocal } from '../lib/format';
import { gateway } from '../lib/gateway.server';
import { call } from '../lib/call.server';
import apiKeysStyles from '../styles/api-keys.css?url';
import { stylesheets } from '../lib/stylesheets';

export const links = stylesheets(apiKeysStyles);

export const meta: MetaFunction = () => [{ title: 'API keys · Tend' }];

/** What the action answers: a new key's plaintext travels in this answer only, once. */
interface KeysResult extends ActionResult {
  created?: { name: string; key: string };
}

/** The create form's rules (lib/form-schemas.ts checks them). */
function formRules() {
  return {
    nameMax: NAME_MAX,
    expiry: { choices: EXPIRY_CHOICES.map(({ value, label }) => ({ value, label })), default: DEFAULT_EXPIRY },
  };
}

export async function loader(args: LoaderFunctionArgs) {
  const api = gateway(args);
  await requireSession(api, args.request);
  const result = await call(api, routes.listApiKeys);
  if (!result.ok) return data({ keys: [] as KeyRow[], error: describeApiKeyError(result.error).form ?? null, form: formRules() }, { headers: api.headers });
  const now = new Date();
  // Newest first: the key just made is at the top.
  const keys = result.data.map((key) => keyRow(key, now)).reverse();
  return data({ keys, error: null, form: formRules() }, { headers: api.headers });
}

export async function action(args: ActionFunctionArgs) {
  const api = gateway(args);
  await requireSession(api, args.request);
  const submitted = await args.request.formData();
  const intent = text(submitted, 'intent');
  const fail = (errors: KeysResult['errors'], status: number, extra: Partial<KeysResult> = {}) =>
    data<KeysResult>({ intent, errors, ...extra }, { status, headers: api.headers });

  if (intent === 'create') {
    const parsed = parseForm(newKeyForm, submitted);
    if (!parsed.ok) return fail(parsed.errors, 400, { values: parsed.values });
    const { name, expires } = parsed.values;
    const expiresIn = EXPIRY_CHOICES.find((choice) => choice.value === expires)?.seconds ?? null;
    const result = await call(api, routes.createApiKey, { name, expiresIn });
    if (!result.ok) {
      const values = { name, expires };
      return fail(describeApiKeyError(result.error, { name: 'name' }), failureStatus(result.status), { values });
    }
    // The only answer that carries the key: never stored by the browser or a proxy.
    const headers = new Headers(api.headers);
    headers.set('Cache-Control', 'no-store');
    return data<KeysResult>({ intent, done: 'created', created: { name: result.data.name ?? name, key: result.data.key } }, { headers });
  }

  const [verb = '', keyId = ''] = intent.split(':');
  const name = text(submitted, 'keyName') || 'The key';
  if (!keyId) return fail({ fields: {}, form: 'Something went wrong. Please reload the page and try again.' }, 400);
  if (verb === 'disable' || verb === 'enable') {
    const result = await call(api, routes.updateApiKey, { keyId, enabled: verb === 'enable' });
    if (!result.ok) return fail(describeApiKeyError(result.error), failureStatus(result.status));
    return data<KeysResult>({ intent, done: verb === 'enable' ? 'enabled' : 'disabled', detail: name }, { headers: api.headers });
  }
  if (verb === 'delete') {
    const result = await call(api, routes.deleteApiKey, { keyId: keyId });
    if (!result.ok) return fail(describeApiKeyError(result.error), failureStatus(result.status));
    return data<KeysResult>({ intent, done: 'deleted', detail: name }, { headers: api.headers });
  }
  return fail({ fields: {}, form: 'Something went wrong. Please reload the page and try again.' }, 400);
}

/**
 * Remix skips reloading the list after a refused action (4xx); a key that is gone (deleted in
 * another window) must leave the list all the same, so refusals of key actions reload it.
 */
export const shouldRevalidate: ShouldRevalidateFunction = ({ actionResult, defaultShouldRevalidate }) => {
  const intent = (actionResult as KeysResult | undefined)?.intent;
  return intent && intent !== 'create' ? true : defaultShouldRevalidate;
};

const confirmations: Record<string, (name: string) => string> = {
  disabled: (name) => `“${name}” is disabled. Programs using it are refused until you enable it again.`,
  enabled: (name) => `“${name}” is enabled again.`,
  deleted: (name) => `“${name}” is deleted. Programs using it can no longer sign in.`,
};

export default function ApiKeys() {
  const { keys, error, form } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>() as KeysResult | undefined;
  const create = useCheckedForm(newKeyForm, result?.intent === 'create' ? result.errors : undefined);
  const createErrors = create.errors;
  const keyErrors = result?.intent && result.intent !== 'create' ? result.errors : undefined;
  const createForm = useResetAfter(result?.intent === 'create' ? result : undefined);
  const confirmation = result?.done ? confirmations[result.done] : undefined;
  return (
    <section className="card" aria-labelledby="api-keys-title">
      <div className="card__header">
        <h2 id="api-keys-title">API keys</h2>
        <p className="muted">
          Keys let your own programs and scripts use Tend as you, without your password. Send one in the <code>x-api-key</code> header. Keep
          them secret, and delete any you no longer use.
        </p>
      </div>

      {result?.created ? <NewKey name={result.created.name} apiKey={result.created.key} /> : null}
      {confirmation && result?.detail ? <Notice>{confirmation(result.detail)}</Notice> : null}

      <h3>Create a key</h3>
      <Form method="post" {...create.props} className="form api-key-form" ref={createForm}>
        <FormAlert errors={createErrors}>
          <FreshSignInLink errors={createErrors} back="/account/api-keys" />
        </FormAlert>
        <Field
          label="Name"
          name="name"
          hint={`What the key is for, like “backup script” (at most ${form.nameMax} characters).`}
          defaultValue={result?.intent === 'create' && !result.created ? result.values?.name : undefined}
          error={createErrors?.fields.name}
          spellCheck={false}
        />
        <ExpirySelect
          choices={form.expiry.choices}
          defaultValue={(result?.intent === 'create' && !result.created && result.values?.expires) || form.expiry.default}
          error={createErrors?.fields.expires}
        />
        <div>
          <SubmitButton intent="create" pendingText="Creating…">
            Create key
          </SubmitButton>
        </div>
      </Form>

      <hr className="divider" />
      <h3>Your keys</h3>
      <div className="api-keys-panel">
        {error ? (
          <div role="alert" className="alert alert--error">
            <p>{error}</p>
          </div>
        ) : null}
        <FormAlert errors={keyErrors}>
          <FreshSignInLink errors={keyErrors} back="/account/api-keys" />
        </FormAlert>
        {keys.length ? (
          <ul className="api-keys" aria-label="Your API keys">
            {keys.map((key) => (
              <KeyItem key={key.id} apiKey={key} />
            ))}
          </ul>
        ) : error ? null : (
          <p className="muted">You don't have any API keys yet.</p>
        )}
      </div>
    </section>
  );
}

function ExpirySelect({ choices, defaultValue, error }: { choices: { value: string; label: string }[]; defaultValue: string; error?: string }) {
  const errorId = error ? 'field-expires-error' : undefined;
  return (
    <div className={error ? 'field field--invalid' : 'field'}>
      <label htmlFor="field-expires">Expires</label>
      <p id="field-expires-hint" className="hint">
        After this, programs using the key are refused.
      </p>
      <select
        id="field-expires"
        name="expires"
        className="select"
        defaultValue={defaultValue}
        aria-invalid={error ? true : undefined}
        aria-describedby={[errorId, 'field-expires-hint'].filter(Boolean).join(' ')}
      >
        {choices.map((choice) => (
          <option key={choice.value} value={choice.value}>
            {choice.label}
          </option>
        ))}
      </select>
      {error ? (
        <p id={errorId} className="field-error">
          <span aria-hidden="true" className="field-error__icon">!</span> {error}
        </p>
      ) : null}
    </div>
  );
}

/** The new key, shown this once: a read-only field anyone can select, and a Copy button once scripts run. */
function NewKey({ name, apiKey }: { name: string; apiKey: string }) {
  const hydrated = useHydrated();
  const input = useRef<HTMLInputElement>(null);
  const [copied, setCopied] = useState<'yes' | 'no' | null>(null);

  async function copy() {
    const field = input.current;
    try {
      await navigator.clipboard.writeText(apiKey);
      setCopied('yes');
    } catch {
      // No clipboard access (an insecure page, a refused permission): select it for Ctrl+C.
      field?.focus();
      field?.select();
      setCopied('no');
    }
  }

  return (
    <div className="notice notice--success new-key">
      <p className="notice__title">Your new key “{name}”</p>
      <div className="field">
        <label htmlFor="new-api-key">API key</label>
        <div className="new-key__row">
          <input
            ref={input}
            id="new-api-key"
            type="text"
            readOnly
            value={apiKey}
            className="new-key__value"
            spellCheck={false}
            autoComplete="off"
            aria-describedby="new-api-key-note"
            onFocus={(event) => event.currentTarget.select()}
          />
          {hydrated ? (
            <button type="button" className="button button--secondary" onClick={copy}>
              Copy
            </button>
          ) : null}
        </div>
      </div>
      <p id="new-api-key-note" className="new-key__note">
        Copy it now and keep it somewhere safe: <strong>it won't be shown again.</strong> If you lose it, delete it and create a new one.
      </p>
      <p className="new-key__copied" aria-live="polite">
        {copied === 'yes' ? 'Copied to your clipboard.' : copied === 'no' ? "We couldn't copy it for you. It's selected: press Ctrl+C (or ⌘C) to copy it." : ''}
      </p>
    </div>
  );
}

function KeyItem({ apiKey: key }: { apiKey: KeyRow }) {
  const status = key.expired ? 'Expired' : key.enabled ? 'Enabled' : 'Disabled';
  const badge = key.expired ? 'badge--wait' : key.enabled ? 'badge--ok' : 'badge--off';
  return (
    <li className={key.enabled && !key.expired ? 'api-key' : 'api-key api-key--inactive'}>
      <div className="api-key__body">
        <h4 className="api-key__name">
          {key.name} <span className={`badge ${badge}`}>{status}</span>
        </h4>
        <dl className="facts">
          <dt>Key</dt>
          <dd>
            <code className="api-key__start">{key.start}</code>
          </dd>
          <dt>Created</dt>
          <dd>
            <LocalTime iso={key.createdAt} utc={key.createdUtc} local={formatLocal} />
          </dd>
          <dt>Expires</dt>
          <dd>{key.expiresAt && key.expiresUtc ? <LocalTime iso={key.expiresAt} utc={key.expiresUtc} local={formatLocal} /> : 'Never'}</dd>
          <dt>Last used</dt>
          <dd>{key.lastUsed && key.lastUsedUtc ? <LocalTime iso={key.lastUsed} utc={key.lastUsedUtc} local={formatLocal} /> : 'Never'}</dd>
          {key.limit ? (
            <>
              <dt>Limit</dt>
              <dd>{key.limit}</dd>
            </>
          ) : null}
          {key.remaining !== null ? (
            <>
              <dt>Uses left</dt>
              <dd>{key.remaining}</dd>
            </>
          ) : null}
        </dl>
      </div>
      <Form method="post" className="api-key__actions">
        <input type="hidden" name="keyName" value={key.name} />
        <SubmitButton intent={`${key.enabled ? 'disable' : 'enable'}:${key.id}`} pendingText={key.enabled ? 'Disabling…' : 'Enabling…'} variant="secondary">
          <span>
            {key.enabled ? 'Disable' : 'Enable'}
            <span className="visually-hidden"> {key.name}</span>
          </span>
        </SubmitButton>
        <SubmitButton intent={`delete:${key.id}`} pendingText="Deleting…" variant="danger">
          <span>
            Delete<span className="visually-hidden"> {key.name}</span>
          </span>
        </SubmitButton>
      </Form>
    </li>
  );
}
