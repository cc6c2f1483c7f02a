import { isIP } from 'node:net';
import { z } from 'zod';
import type { ModuleSettings } from '../module.js';

/** What the environment decides about single sign-on. */
export interface SsoConfig {
  /** The name servers TXT look-ups of domain verification ask (AUTH_DNS_SERVERS: `ip`, `ip:port`, `[ipv6]:port`); null: the system's. */
  dnsServers: string[] | null;
}

declare module '../../config.js' {
  interface FeatureSettings {
    /** Single sign-on (AUTH_DNS_SERVERS). */
    sso: SsoConfig;
  }
}

/** One name server as Node's resolver takes it: an IP address, with a port after `:` (IPv6 in brackets). */
const nameServer = z
  .string()
  .trim()
  .refine((entry) => {
    const bracketed = /^\[([^\]]+)\](?::(\d{1,5}))?$/.exec(entry);
    const plain = /^([^:]+)(?::(\d{1,5}))?$/.exec(entry);
    if (bracketed) return isIP(bracketed[1]!) === 6 && validPort(bracketed[2]);
    if (plain) return isIP(plain[1]!) === 4 && validPort(plain[2]);
    return isIP(entry) === 6;
  }, 'must be comma-separated name servers as host:port, the host an IP address ([::1]:53 for IPv6)');

function validPort(port: string | undefined): boolean {
  return port === undefined || (Number(port) >= 1 && Number(port) <= 65_535);
}

/** AUTH_DNS_SERVERS. */
export const ssoSettings: ModuleSettings<'sso'> = {
  key: 'sso',
  env: {
    AUTH_DNS_SERVERS: z
      .string()
      .trim()
      .optional()
      .transform((value) => (value ? value.split(',').map((entry) => entry.trim()).filter(Boolean) : []))
      .pipe(z.array(nameServer).max(8, 'names at most 8 name servers')),
  },
  fromEnv: (env) => {
    const servers = env.AUTH_DNS_SERVERS as string[];
    return { dnsServers: servers.length > 0 ? servers : null };
  },
};
