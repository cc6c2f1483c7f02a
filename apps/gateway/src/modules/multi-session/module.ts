import { ListAccountActivity, MULTI_SESSION_ERRORS } from '@tend/multi-session';
import { SqlActivityLog } from '@tend/multi-session/sql';
import { bindFactory } from '../../di.js';
import { ADMIN } from '../admin/tokens.js';
import { PLATFORM as P } from '../../platform.js';
import type { GatewayModule } from '../module.js';
import { settingsOf } from '../settings.js';
import { BrowserSessions } from './browser-sessions.js';
import { KNOWN_DEVICE_COOKIE } from './cookies.js';
import { accountActivity, listDeviceSessions, revokeDeviceSession, setActiveSession } from './endpoints.js';
import { NewDeviceNotices } from './new-device.js';
import { multiSessionSettings } from './settings.js';
import { MULTI_SESSION } from './tokens.js';

/**
 * Several accounts in one browser (better-auth 1.7's multiSession routes and cookies, up to
 * AUTH_MULTI_SESSION_MAX), the new-device sign-in mail (a durable device cookie per browser,
 * AUTH_NEW_DEVICE_MAIL), and the caller's recent security activity from the audit log. It plugs
 * into the sign-in pipeline by declaration: `signedIn` (every sign-in that became a session),
 * `sessionFallbacks` (get-session after the active session ended elsewhere) and `signOuts`.
 */
export const multiSessionModule: GatewayModule = {
  name: 'multi-session',
  settings: multiSessionSettings,
  bind(c, { config }) {
    const section = settingsOf(config, multiSessionSettings);
    bindFactory(
      c,
      MULTI_SESSION.Browser,
      [P.SessionManager, P.Cookies, P.SessionHttp, P.Clock],
      (sessions, cookies, http, clock) => new BrowserSessions(sessions, cookies, http, () => c.get(P.SignInHttp), clock, section.maxSessions),
    );
    bindFactory(
      c,
      MULTI_SESSION.NewDevice,
      [P.Cookies, P.MailDelivery, P.Clock],
      (cookies, delivery, clock) => new NewDeviceNotices({ cookies, delivery, clock, secret: config.secret }, { enabled: section.newDeviceMail, sessionsURL: `${config.webURL}/account/sessions` }),
    );
    // Two statements on the driver-level path; read-your-writes on one instance: the events still
    // queued in the buffered audit log are written before the page is read.
    bindFactory(c, MULTI_SESSION.Activity, [ADMIN.AuditLog, P.Sql], (log, sql) => {
      const store = new SqlActivityLog(sql);
      return new ListAccountActivity({ log: { page: async (query) => (await log.flush(), store.page(query)) } });
    });
  },
  endpoints: [listDeviceSessions, setActiveSession, revokeDeviceSession, accountActivity],
  errors: [MULTI_SESSION_ERRORS],
  cookies: [KNOWN_DEVICE_COOKIE],
  signedIn: (c) => {
    const browser = c.get(MULTI_SESSION.Browser);
    const newDevice = c.get(MULTI_SESSION.NewDevice);
    return [(req, res, outcome) => browser.signedIn(req, res, outcome), (req, res, outcome) => newDevice.signedIn(req, res, outcome)];
  },
  sessionFallbacks: (c) => {
    const browser = c.get(MULTI_SESSION.Browser);
    return [(req, res) => browser.fallback(req, res)];
  },
  signOuts: (c) => {
    const browser = c.get(MULTI_SESSION.Browser);
    return [(req, res) => browser.signOut(req, res)];
  },
};
