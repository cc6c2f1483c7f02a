import express from 'express';
import helmet from 'helmet';
import request from 'supertest';
import { headersOf, securityHeaders } from './security-headers.js';

describe('securityHeaders', () => {
  it("sets on every answer exactly the headers helmet itself sets with the gateway's options", async () => {
    const precomputed = express().use(securityHeaders()).get('/', (_req, res) => res.json({ ok: true }));
    const live = express()
      .use(
        helmet({
          contentSecurityPolicy: { useDefaults: false, directives: { defaultSrc: ["'none'"], frameAncestors: ["'none'"], baseUri: ["'none'"], formAction: ["'none'"] } },
          frameguard: { action: 'deny' },
          referrerPolicy: { policy: 'no-referrer' },
          crossOriginResourcePolicy: { policy: 'same-site' },
        }),
      )
      .get('/', (_req, res) => res.json({ ok: true }));
    const ours = await request(precomputed).get('/').expect(200);
    const theirs = await request(live).get('/').expect(200);
    const withoutDate = (headers: Record<string, unknown>) => Object.fromEntries(Object.entries(headers).filter(([name]) => name !== 'date'));
    expect(withoutDate(ours.headers)).toEqual(withoutDate(theirs.headers));
    expect(ours.headers).toMatchObject({
      'content-security-policy': "default-src 'none';frame-ancestors 'none';base-uri 'none';form-action 'none'",
      'x-frame-options': 'DENY',
      'x-content-type-options': 'nosniff',
      'referrer-policy': 'no-referrer',
      'strict-transport-security': expect.stringContaining('max-age='),
    });
    expect(ours.headers['x-powered-by']).toBeUndefined();
  });

  it('refuses at start a middleware that does not finish synchronously, rather than serving without its headers', async () => {
    const late = new Promise<void>((resolve) => {
      expect(() =>
        headersOf((_req, _res, next) => {
          setTimeout(() => {
            next();
            resolve();
          }, 0);
        }),
      ).toThrow(/synchronously/);
    });
    expect(headersOf((_req, res, next) => (res.setHeader('X-A', '1'), res.setHeader('X-B', '2'), res.removeHeader('X-A'), next()))).toEqual([
      ['X-A', undefined],
      ['X-B', '2'],
    ]);
    await late;
  });
});
