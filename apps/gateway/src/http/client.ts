import type { Request } from 'express';
import { compileTrustedProxies, resolveClientIp, type ProxyTrust } from '@tend/rate-limit';

/**
 * The client's address: the socket peer, or the X-Forwarded-For client when the peer is a
 * configured trusted proxy (so the header cannot be spoofed to dodge limits). Compiled once.
 */
export class ClientAddress {
  private readonly trusted: ProxyTrust;

  constructor(trustedProxies: readonly string[]) {
    this.trusted = compileTrustedProxies(trustedProxies);
  }

  of(req: Request): string | null {
    return resolveClientIp({ socketAddress: req.socket.remoteAddress, forwardedFor: req.headers['x-forwarded-for'], trustedProxies: this.trusted });
  }
}

/** What a session records about the client that created it (the address from the rate-limit middleware's resolution). */
export function clientInfo(req: Request): { ipAddress: string | null; userAgent: string | null } {
  const ip = (req.res?.locals.clientIp as string | null | undefined) ?? req.socket.remoteAddress ?? null;
  return { ipAddress: ip, userAgent: req.get('user-agent')?.slice(0, 512) ?? null };
}
