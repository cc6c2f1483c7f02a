import type { Request } from 'express';

/** What a session records about the client that created it. */
export function clientInfo(req: Request): { ipAddress: string | null; userAgent: string | null } {
  return { ipAddress: req.ip ?? req.socket.remoteAddress ?? null, userAgent: req.get('user-agent')?.slice(0, 512) ?? null };
}
