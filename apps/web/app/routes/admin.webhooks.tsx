// Webhooks in the admin console (/admin/webhooks, issue 34): every webhook (GET /admin/webhooks/list),
// adding one (URL, events as checkboxes from GET /admin/webhooks/events, description) with its
// signing secret shown once, disabling / enabling, rotating the secret (shown once), deleting after
// a confirmation step (`?delete=<id>`), and one webhook's deliveries (`?deliveries=<id>`) with their
// status, attempts and a Redeliver button.
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Form, Link, useActionData, useLoaderData, type ShouldRevalidateFunction } from '@remix-run/react';
import { routes } from '@tend/contracts';
import { ConfirmDeletion } from '../components/confirm-deletion';
import { AdminNav } from '../components/admin/admin-nav';
import { CopyField } from '../components/copy-field';
import { Field, FormAlert, LocalTime, Notice, SubmitButton, useResetAfter } from '../components/forms';
import { failureStatus, type ActionResult } from '../lib/actions';
import { describeAdminError, requireAdmin } from '../lib/admin.server';
import { call } from '../lib/call.server';
import type { FormErrors } from '../lib/errors';
import { formatLocal } from '../lib/format';
import { text } from '../lib/forms';
import { gateway } from '../lib/gateway.server';
import { stylesheets } from '../lib/stylesheets';
import adminStyles from '../styles/admin.css?url';
import oauthStyles from '../styles/oauth.css?url';

export const links = stylesheets(adminStyles, oauthStyles);

export const meta: MetaFunction = () => [{ title: 'Webhooks · Admin · Tend' }];

const PAGE = '/admin/webhooks';

interface WebhookRow {
  id: string;
  url: string;
  events: string[];
  enabled: boolean;
  description: string | null;
  createdAt: string;
}

interface DeliveryRow {
  id: string;
  eventType: string;
  status: 'pending' | 'succeeded' | 'failed';
  attempts: number;
  lastStatusCode: number | null;
  createdAt: string;
}

interface WebhooksResult extends ActionResult {
  secret?: { url: string; value: string; rotated: boolean };
}

const STATUS_LABELS = { pending: 'Pending', succeeded: 'Delivered', failed: 'Failed' } as const;

export async function loader(args: LoaderFunctionArgs) {
  const api = gateway(args);
  await requireAdmin(api, args.request);
  const search = new URL(args.request.url).searchParams;
  const [list, events] = await Promise.all([call(api, routes.listWebhooks), call(api, routes.listWebhookEventTypes)]);
  if (!list.ok || !events.ok) {
    const error = !list.ok ? list : (events as Extract<typeof events, { ok: false }>);
    return data(
      { webhooks: [] as WebhookRow[], events: [] as { type: string; description: string }[], problem: describeAdminError(error.error).form ?? null, confirmDelete: null, deliveriesOf: null, deliveries: [] as DeliveryRow[] },
      { status: failureStatus(error.status), headers: api.headers },
    );
  }
  const webhooks: WebhookRow[] = list.data.webhooks;
  const known = (id: string | null) => (id && webhooks.some((webhook) => webhook.id === id) ? id : null);
  const deliveriesOf = known(search.get('deliveries'));
  let deliveries: DeliveryRow[] = [];
  if (deliveriesOf) {
    const answer = await call(api, routes.listWebhookDeliveries, { webhookId: deliveriesOf, limit: 50 });
    if (answer.ok) deliveries = answer.data.deliveries;
  }
  return data({ webhooks, events: events.data.events, problem: null, confirmDelete: known(search.get('delete')), deliveriesOf, deliveries }, { headers: api.headers });
}

function webhookError(error: { code: string; message: string }): FormErrors {
  if (error.code === 'WEBHOOK_URL_NOT_ALLOWED') return { fields: { url: 'This address is on a private network. Webhooks go to public addresses only.' }, code: error.code };
  if (error.code === 'VALIDATION_ERROR') return { fields: { url: 'Please check the URL (http or https) and pick at least one event.' }, code: error.code };
  if (error.code === 'WEBHOOK_NOT_FOUND') return { form: 'That webhook no longer exists. Please reload the page.', fields: {}, code: error.code };
  return describeAdminError(error);
}

export async function action(args: ActionFunctionArgs) {
  const api = gateway(args);
  await requireAdmin(api, args.request);
  const form = await args.request.formData();
  const intent = text(form, 'intent');
  const fail = (errors: FormErrors, status: number, extra: Partial<WebhooksResult> = {}) => data<WebhooksResult>({ intent, errors, ...extra }, { status, headers: api.headers });
  const secretReply = (secret: WebhooksResult['secret']) => {
    const headers = new Headers(api.headers);
    headers.set('Cache-Control', 'no-store');
    return data<WebhooksResult>({ intent, done: secret?.rotated ? 'rotated' : 'created', secret }, { headers });
  };

  if (intent === 'create') {
    const url = text(form, 'url').trim();
    const events = form.getAll('events').map(String);
    const description = text(form, 'description').trim();
    const values = { url, description };
    if (!url) return fail({ fields: { url: 'Please give the address that receives the events.' } }, 400, { values });
    if (events.length === 0) return fail({ form: 'Please pick at least one event.', fields: {} }, 400, { values });
    const result = await call(api, routes.createWebhook, { url, events, ...(description ? { description } : {}) });
    if (!result.ok) return fail(webhookError(result.error), failureStatus(result.status), { values });
    return secretReply({ url: result.data.webhook.url, value: result.data.secret, rotated: false });
  }

  const [verb = '', id = ''] = intent.split(':');
  const url = text(form, 'webhookUrl') || 'The webhook';
  if (!id) return fail({ fields: {}, form: 'Something went wrong. Please reload the page and try again.' }, 400);
  if (verb === 'enable' || verb === 'disable') {
    const result = await call(api, routes.updateWebhook, { id, enabled: verb === 'enable' });
    if (!result.ok) return fail(webhookError(result.error), failureStatus(result.status));
    return data<WebhooksResult>({ intent, done: verb === 'enable' ? 'enabled' : 'disabled', detail: url }, { headers: api.headers });
  }
  if (verb === 'rotate') {
    const result = await call(api, routes.rotateWebhookSecret, { id });
    if (!result.ok) return fail(webhookError(result.error), failureStatus(result.status));
    return secretReply({ url, value: result.data.secret, rotated: true });
  }
  if (verb === 'delete') {
    const result = await call(api, routes.deleteWebhook, { id });
    if (!result.ok) return fail(webhookError(result.error), failureStatus(result.status));
    return data<WebhooksResult>({ intent, done: 'deleted', detail: url }, { headers: api.headers });
  }
  if (verb === 'redeliver') {
    const result = await call(api, routes.redeliverWebhook, { deliveryId: id });
    if (!result.ok) return fail(result.error.code === 'WEBHOOK_DELIVERY_NOT_FOUND' ? { form: 'That delivery no longer exists.', fields: {} } : describeAdminError(result.error), failureStatus(result.status));
    return data<WebhooksResult>({ intent, done: 'redelivered', detail: result.data.delivery.eventType }, { headers: api.headers });
  }
  return fail({ fields: {}, form: 'Something went wrong. Please reload the page and try again.' }, 400);
}

export const shouldRevalidate: ShouldRevalidateFunction = ({ actionResult, defaultShouldRevalidate }) => {
  const intent = (actionResult as WebhooksResult | undefined)?.intent;
  return intent ? true : defaultShouldRevalidate;
};

export default function AdminWebhooks() {
  const { webhooks, events, problem, confirmDelete, deliveriesOf, deliveries } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>() as WebhooksResult | undefined;
  const creating = result?.intent === 'create';
  const createForm = useResetAfter(creating ? result : undefined);
  const refill = creating && !result.secret ? result.values : undefined;
  const listErrors = result?.intent && !creating ? result.errors : undefined;
  const shown = deliveriesOf ? webhooks.find((webhook) => webhook.id === deliveriesOf) : undefined;
  return (
    <div className="admin-page">
      <AdminNav />
      <div className="admin-page__intro">
        <p className="admin-eyebrow">Site administration</p>
        <h1>Webhooks</h1>
        <p className="muted">The app’s other services hear of every account change here: each webhook receives the events it subscribes to, signed with its secret (Standard Webhooks).</p>
      </div>
      {result?.secret ? <SecretNotice secret={result.secret} /> : null}
      {result?.done === 'deleted' && result.detail ? <Notice>{`The webhook to ${result.detail} is deleted. It receives nothing more.`}</Notice> : null}
      {result?.done === 'disabled' && result.detail ? <Notice>{`The webhook to ${result.detail} is disabled: it receives nothing until it is enabled.`}</Notice> : null}
      {result?.done === 'enabled' && result.detail ? <Notice>{`The webhook to ${result.detail} is enabled.`}</Notice> : null}
      {result?.done === 'redelivered' && result.detail ? <Notice>{`The ${result.detail} delivery is on its way again, with the same webhook-id.`}</Notice> : null}

      <section className="card admin-card" aria-labelledby="webhooks-title">
        <h2 id="webhooks-title">All webhooks {webhooks.length > 0 ? <span className="muted">({webhooks.length})</span> : null}</h2>
        {problem ? (
          <div role="alert" className="alert alert--error">
            <p>{problem}</p>
          </div>
        ) : null}
        <FormAlert errors={listErrors} />
        {webhooks.length ? (
          <ul className="oauth-apps" aria-label="Webhooks">
            {webhooks.map((webhook) => (
              <WebhookItem key={webhook.id} webhook={webhook} confirming={webhook.id === confirmDelete} />
            ))}
          </ul>
        ) : problem ? null : (
          <p className="muted">No webhooks yet.</p>
        )}
      </section>

      {shown ? <Deliveries webhook={shown} deliveries={deliveries} /> : null}

      <section className="card admin-card" aria-labelledby="add-webhook-title">
        <h2 id="add-webhook-title">Add webhook</h2>
        <Form method="post" className="form oauth-form" ref={createForm}>
          <FormAlert errors={creating ? result.errors : undefined} />
          <Field label="URL" name="url" type="url" hint="Where the events are POSTed, like https://moods.example.com/webhooks/tend." defaultValue={refill?.url} error={creating ? result.errors?.fields.url : undefined} spellCheck={false} />
          <fieldset className="field webhook-events">
            <legend>Events</legend>
            {events.map((event) => (
              <div className="checkbox" key={event.type}>
                <input id={`event-${event.type}`} type="checkbox" name="events" value={event.type} aria-describedby={`event-${event.type}-hint`} />
                <label htmlFor={`event-${event.type}`}>
                  <code>{event.type}</code>
                </label>
                <p id={`event-${event.type}-hint`} className="hint">
                  {event.description}
                </p>
              </div>
            ))}
          </fieldset>
          <Field label="Description" name="description" optional defaultValue={refill?.description} />
          <div>
            <SubmitButton intent="create" pendingText="Adding…">
              Add webhook
            </SubmitButton>
          </div>
        </Form>
      </section>
    </div>
  );
}

function SecretNotice({ secret }: { secret: NonNullable<WebhooksResult['secret']> }) {
  return (
    <div className="notice notice--success oauth-secret" role="status">
      <p className="notice__title">{secret.rotated ? `The new secret of the webhook to ${secret.url}` : `The webhook to ${secret.url} is added`}</p>
      <CopyField id="webhook-secret" label="Signing secret" value={secret.value} />
      <p className="oauth-secret__note">
        Copy the secret now and give it to the receiving service: <strong>it won’t be shown again.</strong>
        {secret.rotated ? ' Deliveries from now on are signed with it alone.' : ''}
      </p>
    </div>
  );
}

function WebhookItem({ webhook, confirming }: { webhook: WebhookRow; confirming: boolean }) {
  return (
    <li className="oauth-app">
      <div className="oauth-app__body">
        <div>
          <h3 className="oauth-app__name">
            <span className="oauth-code">{webhook.url}</span> {webhook.enabled ? <span className="badge badge--ok">Enabled</span> : <span className="badge badge--wait">Disabled</span>}
          </h3>
          <dl className="facts">
            {webhook.description ? (
              <>
                <dt>Description</dt>
                <dd>{webhook.description}</dd>
              </>
            ) : null}
            <dt>Events</dt>
            <dd>{webhook.events.join(', ')}</dd>
            <dt>Created</dt>
            <dd>
              <LocalTime iso={webhook.createdAt} utc={`${webhook.createdAt.slice(0, 16).replace('T', ' ')} UTC`} local={formatLocal} />
            </dd>
          </dl>
          {confirming ? <ConfirmDelete webhook={webhook} /> : null}
        </div>
      </div>
      {confirming ? null : (
        <div className="oauth-app__actions button-row">
          <Link to={`${PAGE}?deliveries=${encodeURIComponent(webhook.id)}`} className="button button--secondary">
            Deliveries<span className="visually-hidden"> of {webhook.url}</span>
          </Link>
          <Form method="post">
            <input type="hidden" name="webhookUrl" value={webhook.url} />
            <SubmitButton intent={`${webhook.enabled ? 'disable' : 'enable'}:${webhook.id}`} pendingText="Saving…" variant="secondary" skipChecks>
              {webhook.enabled ? 'Disable' : 'Enable'}
              <span className="visually-hidden"> {webhook.url}</span>
            </SubmitButton>
          </Form>
          <Form method="post">
            <input type="hidden" name="webhookUrl" value={webhook.url} />
            <SubmitButton intent={`rotate:${webhook.id}`} pendingText="Rotating…" variant="secondary" skipChecks>
              Rotate secret<span className="visually-hidden"> of {webhook.url}</span>
            </SubmitButton>
          </Form>
          <Form method="get">
            <input type="hidden" name="delete" value={webhook.id} />
            <button type="submit" className="button button--danger">
              Delete<span className="visually-hidden"> {webhook.url}</span>
            </button>
          </Form>
        </div>
      )}
    </li>
  );
}

function ConfirmDelete({ webhook }: { webhook: WebhookRow }) {
  return (
    <ConfirmDeletion
      page={PAGE}
      question={`Delete the webhook to ${webhook.url}?`}
      consequence="It receives nothing more, and its deliveries are deleted with it. This cannot be undone."
      hidden={{ webhookUrl: webhook.url }}
      intent={`delete:${webhook.id}`}
      confirm="Yes, delete webhook"
      skipChecks
    />
  );
}

function Deliveries({ webhook, deliveries }: { webhook: WebhookRow; deliveries: DeliveryRow[] }) {
  return (
    <section className="card admin-card" aria-labelledby="deliveries-title">
      <h2 id="deliveries-title">Deliveries to {webhook.url}</h2>
      {deliveries.length ? (
        <div className="table-scroll">
          <table className="admin-table">
            <caption className="visually-hidden">The newest deliveries first</caption>
            <thead>
              <tr>
                <th scope="col">Event</th>
                <th scope="col">Status</th>
                <th scope="col">Attempts</th>
                <th scope="col">Last answer</th>
                <th scope="col">Created</th>
                <th scope="col">
                  <span className="visually-hidden">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {deliveries.map((delivery) => (
                <tr key={delivery.id}>
                  <td>
                    <code>{delivery.eventType}</code>
                  </td>
                  <td>{STATUS_LABELS[delivery.status]}</td>
                  <td>{delivery.attempts}</td>
                  <td>{delivery.lastStatusCode ?? '—'}</td>
                  <td>
                    <LocalTime iso={delivery.createdAt} utc={`${delivery.createdAt.slice(0, 16).replace('T', ' ')} UTC`} local={formatLocal} />
                  </td>
                  <td>
                    <Form method="post">
                      <SubmitButton intent={`redeliver:${delivery.id}`} pendingText="Sending…" variant="secondary" skipChecks>
                        Redeliver<span className="visually-hidden"> {delivery.eventType} of {delivery.createdAt}</span>
                      </SubmitButton>
                    </Form>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : (
        <p className="muted">No deliveries yet.</p>
      )}
    </section>
  );
}
