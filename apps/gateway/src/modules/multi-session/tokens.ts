import type { ListAccountActivity } from '@tend/multi-session';
import { token } from '../../di.js';
import type { BrowserSessions } from './browser-sessions.js';
import type { NewDeviceNotices } from './new-device.js';

export const MULTI_SESSION = {
  /** The accounts one browser holds: its `_multi-` cookies. */
  Browser: token<BrowserSessions>('multi-session.Browser'),
  /** The device cookie and the new-device mail. */
  NewDevice: token<NewDeviceNotices>('multi-session.NewDevice'),
  Activity: token<ListAccountActivity>('multi-session.Activity'),
} as const;
