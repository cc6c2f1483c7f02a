import { data, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Form, Link, useLoaderData } from '@remix-run/react';
import { devRoutes } from '@tend/contracts';
import { Field } from '../components/forms';
import { call } from '../lib/call.server';
import { env } from '../lib/env.server';
import { formatUtc } from '../lib/format';
import { gateway } from '../lib/gateway.server';
import outboxStyles from '../styles/outbox.css?url';
import { stylesheets } from '../lib/stylesheets';

export const links = stylesheets(outboxStyles);

export const meta: MetaFunction = () => [{ title: 'Development outbox · Tend' }, { name: 'robots', content: 'noindex' }];

/** In development the gateway keeps mails instead of sending them; this page lists them with their links. */
export async function loader(args: LoaderFunctionArgs) {
  if (!env().devOutbox) throw new Response('Not found', { status: 404 });
  const to = new URL(args.request.url).searchParams.get('to')?.trim().toLowerCase() ?? '';
  const result = await call(gateway(args), devRoutes.outbox);
  if (!result.ok) {
    const unavailable = result.error.status === 404
      ? 'The gateway has no development outbox: it sends real mail (RESEND_API_KEY is set) or runs in production.'
      : "The gateway's outbox could not be read. Is the gateway running?";
    return data({ mails: [], to, unavailable });
  }
  const mails = (result.data?.mails ?? [])
    .filter((mail) => !to || mail.to.toLowerCase().includes(to))
    .map((mail) => ({ ...mail, createdUtc: formatUtc(mail.createdAt) }));
  return data({ mails, to, unavailable: null });
}

export default function Outbox() {
  const { mails, to, unavailable } = useLoaderData<typeof loader>();
  return (
    <section className="card card--wide" aria-labelledby="outbox-title">
      <div className="card__header">
        <h1 id="outbox-title">Development outbox</h1>
        <p className="muted">Mails the gateway would have sent, newest first. Only in development.</p>
      </div>
      {unavailable ? (
        <div role="alert" className="alert alert--error">
          <p>{unavailable}</p>
        </div>
      ) : null}
      <Form method="get" className="form outbox-filter">
        <Field label="Only mails to" name="to" type="email" defaultValue={to} optional />
        <div className="button-row">
          <button type="submit" className="button button--secondary button--small">
            Filter
          </button>
          <Link to="/dev/outbox" className="button button--quiet button--small">
            Show all
          </Link>
        </div>
      </Form>
      <hr className="divider" />
      {mails.length === 0 && !unavailable ? <p className="muted">No mails yet.</p> : null}
      <ul className="mails" aria-label="Mails">
        {mails.map((mail) => (
          <li key={mail.id} className="mail" data-purpose={mail.purpose}>
            <h2>{mail.subject}</h2>
            <p className="muted small">
              To <strong>{mail.to}</strong> · <time dateTime={mail.createdAt}>{mail.createdUtc}</time>
              {mail.purpose ? ` · ${mail.purpose}` : ''}
            </p>
            {mail.links.length ? (
              <ul className="mail__links" aria-label={`Links in “${mail.subject}”`}>
                {mail.links.map((link) => (
                  <li key={link}>
                    <a href={link}>{link}</a>
                  </li>
                ))}
              </ul>
            ) : null}
            <details>
              <summary>Text of the mail</summary>
              <pre>{mail.text}</pre>
            </details>
          </li>
        ))}
      </ul>
    </section>
  );
}
