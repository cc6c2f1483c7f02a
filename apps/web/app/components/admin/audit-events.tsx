import { Link } from '@remix-run/react';
import { formatLocal } from '../../lib/format';
import { LocalTime } from '../forms';
import type { AuditView } from './model';

interface Props {
  name: string;
  events: AuditView[];
  total: number;
  /** 1-based page of events, and the links to the pages around it (null at either end). */
  page: number;
  pages: number;
  newer: string | null;
  older: string | null;
  problem: string | null;
}

/** What happened to or by this user, newest first: time, action, who did it, from where. */
export function AuditEvents({ name, events, total, page, pages, newer, older, problem }: Props) {
  return (
    <section className="card admin-card" aria-labelledby="audit-title">
      <div className="card__header">
        <h2 id="audit-title">Activity</h2>
        <p className="muted">What {name} did, and what was done to their account, newest first.</p>
      </div>
      {problem ? (
        <div role="alert" className="alert alert--error">
          <p>{problem}</p>
        </div>
      ) : events.length === 0 ? (
        <p className="muted">Nothing recorded yet.</p>
      ) : (
        <div className="admin-table-scroll" role="region" aria-label="Activity table" tabIndex={0}>
          <table className="admin-table admin-table--compact">
            <thead>
              <tr>
                <th scope="col">Time</th>
                <th scope="col">Action</th>
                <th scope="col">By</th>
                <th scope="col">IP address</th>
              </tr>
            </thead>
            <tbody>
              {events.map((event) => (
                <tr key={event.id}>
                  <td className="admin-table__date">
                    <LocalTime iso={event.createdAt} utc={event.createdUtc} local={formatLocal} />
                  </td>
                  <td>
                    <span className="admin-action" title={event.action}>
                      {event.label}
                    </span>
                    {event.method ? <span className="admin-action__method"> via {event.method}</span> : null}
                  </td>
                  <td className="admin-table__email">{event.actor}</td>
                  <td className="admin-table__ip">{event.ipAddress}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {pages > 1 ? (
        <nav aria-label="Pages of activity" className="pager">
          <p className="pager__count">
            {total} events · page {page} of {pages}
          </p>
          <div className="pager__links">
            {newer ? (
              <Link to={newer} className="button button--secondary button--small" preventScrollReset>
                ← Newer
              </Link>
            ) : null}
            {older ? (
              <Link to={older} className="button button--secondary button--small" preventScrollReset>
                Older →
              </Link>
            ) : null}
          </div>
        </nav>
      ) : null}
    </section>
  );
}
