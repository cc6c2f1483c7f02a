// The new-device sign-in mail: a completed sign-in from a browser whose durable device cookie does
// not name the account mails the account's address (time, browser and system, IP address, a link
// to the sessions page). The cookie then names it. Sign-ups, vouched sessions (a changed
// password) and impersonations mail nothing; AUTH_NEW_DEVICE_MAIL=off mails nothing either.
import type { Request, Response } from 'express';
import type { MailDelivery, SessionOutcome } from '@tend/identity';
import type { Clock } from '@tend/kernel';
import { KnownDevices, NEW_DEVICE_MAIL_PURPOSE, newDeviceSignInEmail } from '@tend/multi-session';
import type { Cookies } from '../../http/cookies.js';
import { KNOWN_DEVICE_COOKIE } from './cookies.js';

export class NewDeviceNotices {
  private readonly devices: KnownDevices;

  constructor(
    private readonly deps: { cookies: Cookies; delivery: Pick<MailDelivery, 'background'>; clock: Clock; secret: string },
    private readonly settings: { enabled: boolean; sessionsURL: string },
  ) {
    this.devices = new KnownDevices(deps.secret);
  }

  async signedIn(req: Request, res: Response, outcome: SessionOutcome): Promise<void> {
    const { proof, user, session } = outcome;
    if (session.impersonatedBy || proof.factors.includes('session')) return;
    const value = this.deps.cookies.get(req, KNOWN_DEVICE_COOKIE);
    const known = this.devices.knows(value, user.id);
    this.deps.cookies.set(req, res, KNOWN_DEVICE_COOKIE, this.devices.remember(value, user.id));
    if (known || proof.isNewUser || !this.settings.enabled) return;
    const at = this.deps.clock.now();
    this.deps.delivery.background(() => ({
      to: user.email,
      purpose: NEW_DEVICE_MAIL_PURPOSE,
      idempotencyKey: `new-device/${session.id}`,
      ...newDeviceSignInEmail({ name: user.name, at, userAgent: session.userAgent ?? proof.client.userAgent, ipAddress: session.ipAddress ?? proof.client.ipAddress, sessionsURL: this.settings.sessionsURL }),
    }));
  }
}
