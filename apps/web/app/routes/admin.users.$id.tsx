import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Link, useActionData, useLoaderData } from '@remix-run/react';
import { routes } from '@tend/contracts';
import { Avatar } from '../components/avatar';
import { LocalTime } from '../components/forms';
import { AuditEvents } from '../components/admin/audit-events';
import { RoleBadge, StatusBadge } from '../components/admin/badges';
import { BAN_DURATIONS, ROLE_CHOICES, type UserSection } from '../components/admin/model';
import { BanSection, ImpersonateSection, PasswordSection, RemoveSection, RoleSection } from '../components/admin/user-actions';
import { UserSessions } from '../components/admin/user-sessions';
import { failureStatus, type ActionResult } from '../lib/actions';
import { auditViews, describeAdminError, findUser, requireAdmin, sessionView, userView } from '../lib/admin.server';
import { describeDevice, formatLocal } from '../lib/format';
import { secret, text } from '../lib/forms';
import { gateway, type GatewayClient, type GatewayError } from '../lib/gateway.server';
import { call } from '../lib/call.server';
import sessionsStyles from '../styles/sessions.css?url';
import adminStyles from '../styles/admin.css?url';
import { stylesheets } from '../lib/stylesheets';
import { TwoFactorResetSection } from '../components/two-factor/admin-reset';

export const links = stylesheets(sessionsStyles, adminStyles);

export const meta: MetaFunction<typeof loader> = ({ data: loaded }) => [
  { title: loaded && 'user' in loaded && loaded.user ? `${loaded.user.name} · Admin · Tend` : 'User · Admin · Tend' },
];

const AUDIT_PAGE_SIZE = 20;

export async function loader(args: LoaderFunctionArgs) {
  const api = gateway(args);
  const { user: me, session: mine } = await requireAdmin(api, args.request);
  const id = args.params.id ?? '';
  const url = new URL(args.request.url);
  const found = await findUser(api, id);
  if (!found.ok || !found.data) {
    const problem = found.ok ? "We couldn't find that user. They may have been removed." : (describeAdminError(found.error).form ?? null);
    return data({ user: null, problem }, { status: found.ok ? 404 : failureStatus(found.status), headers: api.headers });
  }
  const user = userView(found.data, new Date());
  const page = Math.max(1, Math.floor(Number(url.searchParams.get('events'))) || 1);
  const [sessions, audit] = await Promise.all([
    call(api, routes.listUserSessions, { userId: id }),
    call(api, routes.auditLog, { userId: id, limit: AUDIT_PAGE_SIZE, offset: (page - 1) * AUDIT_PAGE_SIZE }),
  ]);
  const events = audit.ok ? await auditViews(api, audit.data.events, user) : [];
  const total = audit.ok ? audit.data.total : 0;
  const pages = Math.max(1, Math.ceil(total / AUDIT_PAGE_SIZE));
  const eventsHref = (n: number) => (n === 1 ? url.pathname : `${url.pathname}?events=${n}`);
  return data(
    {
      user,
      problem: null,
      isMe: me.id === id,
      currentSessionId: me.id === id ? mine.id : null,
      sessions: sessions.ok ? sessions.data.sessions.map(sessionView).sort((a, b) => Date.parse(b.createdAt) - Date.parse(a.createdAt)) : [],
      sessionsProblem: sessions.ok ? null : (describeAdminError(sessions.error).form ?? null),
      audit: {
        events,
        total,
        page: Math.min(page, pages),
        pages,
        newer: page > 1 ? eventsHref(Math.min(page - 1, pages)) : null,
        older: page < pages ? eventsHref(page + 1) : null,
        problem: audit.ok ? null : (describeAdminError(audit.error).form ?? null),
      },
      confirmRemove: url.searchParams.get('confirm') === 'remove',
    },
    { headers: api.headers },
  );
}

type Outcome = { redirectTo: string } | { result: ActionResult; status?: number };

const done = (intent: UserSection, what: string, detail?: string): Outcome => ({ result: { intent, done: what, detail } });

const refused = (intent: UserSection, error: GatewayError, fields: Record<string, string> = {}, values?: ActionResult['values']): Outcome => ({
  result: { intent, errors: describeAdminError(error, fields), values },
  status: failureStatus(error.status),
});

const invalid = (intent: UserSection, field: string, message: string, values?: ActionResult['values']): Outcome => ({
  result: { intent, errors: { fields: { [field]: message }, form: 'Please check the highlighted fields.' }, values },
  status: 400,
});

/** Each button names its intent (`revoke-session:<id>` for one row); one gateway call per intent. */
async function run(api: GatewayClient, userId: string, form: FormData): Promise<Outcome> {
  const intent = text(form, 'intent').split(':')[0];
  switch (intent) {
    case 'revoke-session': {
      // The page knows sessions by id only; the token is looked up here, on the server.
      const list = await call(api, routes.listUserSessions, { userId: userId });
      if (!list.ok) return refused('sessions', list.error);
      const target = list.data.sessions.find((s) => s.id === text(form, 'sessionId'));
      if (!target) return done('sessions', 'session-revoked');
      const r = await call(api, routes.revokeUserSession, { sessionToken: target.token });
      return r.ok ? done('sessions', 'session-revoked', describeDevice(target.userAgent)) : refused('sessions', r.error);
    }
    case 'revoke-all': {
      const r = await call(api, routes.revokeUserSessions, { userId: userId });
      return r.ok ? done('sessions', 'sessions-revoked') : refused('sessions', r.error);
    }
    case 'ban': {
      const values = { banReason: text(form, 'banReason'), banDuration: text(form, 'banDuration') };
      const duration = BAN_DURATIONS.find((d) => d.value === values.banDuration);
      if (!duration) return invalid('ban', 'banDuration', 'Please choose how long the ban lasts.', values);
      if (values.banReason.length > 500) return invalid('ban', 'banReason', 'Please keep the reason under 500 characters.', values);
      const r = await call(api, routes.banUser, { userId, banReason: values.banReason || undefined, banExpiresIn: duration.seconds ?? undefined });
      return r.ok ? done('ban', 'banned') : refused('ban', r.error, {}, values);
    }
    case 'unban': {
      const r = await call(api, routes.unbanUser, { userId: userId });
      return r.ok ? done('ban', 'unbanned') : refused('ban', r.error);
    }
    case 'set-role': {
      const role = ROLE_CHOICES.find((c) => c.value === text(form, 'role'));
      if (!role) return invalid('role', 'role', 'Please choose a role.');
      const r = await call(api, routes.setRole, { userId, role: role.value });
      return r.ok ? done('role', 'role-saved') : refused('role', r.error);
    }
    case 'impersonate': {
      const r = await call(api, routes.impersonateUser, { userId: userId });
      // The session cookie is now the user's (the admin's waits in its own cookie): see Tend as them.
      return r.ok ? { redirectTo: '/account' } : refused('impersonate', r.error);
    }
    case 'reset-two-factor': {
      const r = await call(api, routes.resetTwoFactor, { userId });
      return r.ok ? done('two-factor', 'two-factor-reset') : refused('two-factor', r.error);
    }
    case 'clear-two-factor-lockout': {
      const r = await call(api, routes.clearTwoFactorLockout, { userId });
      return r.ok ? done('two-factor', 'two-factor-lockout-cleared', r.data.wasLocked ? 'locked' : 'not-locked') : refused('two-factor', r.error);
    }
    case 'set-password': {
      const newPassword = secret(form, 'newPassword');
      if (!newPassword) return invalid('password', 'newPassword', 'Please type the new password.');
      const r = await call(api, routes.setUserPassword, { userId, newPassword });
      return r.ok ? done('password', 'password-set') : refused('password', r.error, { newPassword: 'newPassword' });
    }
    case 'remove': {
      const r = await call(api, routes.removeUser, { userId: userId });
      return r.ok ? { redirectTo: '/admin?notice=removed' } : refused('remove', r.error);
    }
    default:
      return { result: { errors: { fields: {}, form: 'Something went wrong. Please try again.' } }, status: 400 };
  }
}

export async function action(args: ActionFunctionArgs) {
  const api = gateway(args);
  await requireAdmin(api, args.request);
  const outcome = await run(api, args.params.id ?? '', await args.request.formData());
  if ('redirectTo' in outcome) throw redirect(outcome.redirectTo, { headers: api.headers });
  return data<ActionResult>(outcome.result, { status: outcome.status ?? 200, headers: api.headers });
}

export default function AdminUser() {
  const loaded = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>() as ActionResult | undefined;
  if (!loaded.user) {
    return (
      <section className="card card--narrow" aria-labelledby="missing-title">
        <h1 id="missing-title">We couldn't open this user</h1>
        <div role="alert" className="alert alert--error">
          <p>{loaded.problem}</p>
        </div>
        <p className="spaced">
          <Link to="/admin" className="button button--secondary">
            Back to all users
          </Link>
        </p>
      </section>
    );
  }
  const { user, isMe, currentSessionId, sessions, sessionsProblem, audit, confirmRemove } = loaded;
  const back = `/admin/users/${encodeURIComponent(user.id)}`;
  const answered = (section: UserSection) => (result?.intent === section ? result : undefined);
  return (
    <div className="admin-page">
      <p className="admin-page__back">
        <Link to="/admin">← All users</Link>
      </p>
      <div className="admin-page__intro admin-person">
        <Avatar name={user.name} image={user.image} />
        <div>
          <p className="admin-eyebrow">Site administration</p>
          <h1>{user.name}</h1>
          <p className="muted admin-person__facts">
            <span className="admin-person__email">{user.email}</span>
            <RoleBadge user={user} />
            <StatusBadge user={user} />
            {isMe ? <span className="badge badge--current">You</span> : null}
          </p>
        </div>
      </div>
      {result && !result.intent && result.errors?.form ? (
        <div role="alert" className="alert alert--error admin-page__alert">
          <p>{result.errors.form}</p>
        </div>
      ) : null}

      <section className="card admin-card" aria-labelledby="details-title">
        <h2 id="details-title">Details</h2>
        <dl className="facts admin-facts">
          <dt>Email</dt>
          <dd>
            {user.email} {user.emailVerified ? <span className="badge badge--ok">Verified</span> : <span className="badge badge--wait">Not verified</span>}
          </dd>
          <dt>Username</dt>
          <dd>{user.username ?? '—'}</dd>
          <dt>Role</dt>
          <dd>{user.roleLabel}</dd>
          <dt>Status</dt>
          <dd>{user.banned ? `Banned${user.banReason ? `: ${user.banReason}` : ''}` : 'Active'}</dd>
          <dt>Created</dt>
          <dd>
            <LocalTime iso={user.createdAt} utc={user.createdUtc} local={formatLocal} />
          </dd>
          <dt>Last updated</dt>
          <dd>
            <LocalTime iso={user.updatedAt} utc={user.updatedUtc} local={formatLocal} />
          </dd>
          <dt>User ID</dt>
          <dd>
            <code className="admin-code">{user.id}</code>
          </dd>
        </dl>
      </section>

      {isMe ? (
        <p className="notice notice--info admin-self-note">
          This is your own account. To keep you from locking yourself out, you can't ban, impersonate, remove or change the role or password of it here;
          use your <Link to="/account">account settings</Link>.
        </p>
      ) : (
        <div className="admin-grid">
          <BanSection user={user} result={answered('ban')} back={back} />
          <RoleSection user={user} result={answered('role')} back={back} />
          <ImpersonateSection user={user} result={answered('impersonate')} back={back} />
          <PasswordSection user={user} result={answered('password')} back={back} />
          <TwoFactorResetSection user={user} result={answered('two-factor')} />
        </div>
      )}

      <UserSessions name={user.name} sessions={sessions} currentSessionId={currentSessionId} problem={sessionsProblem} result={answered('sessions')} back={back} />
      <AuditEvents name={user.name} {...audit} />
      {isMe ? null : <RemoveSection user={user} result={answered('remove')} back={back} confirming={confirmRemove} />}
    </div>
  );
}
