import express, { type ErrorRequestHandler, type Request, type Response } from 'express';
import request from 'supertest';
import type { HttpMethod } from './endpoint.js';
import { RouteTable } from './route-table.js';

const ROUTES: Array<[HttpMethod, string]> = [
  ['get', '/get-session'],
  ['post', '/sign-in/email'],
  ['get', '/organization/list'],
  ['post', '/organization/list'],
  ['get', '/reset-password/:token'],
  ['get', '/callback/:id'],
  ['post', '/callback/:id'],
];

const answer = (method: string, path: string) => async (req: Request, res: Response) => {
  res.json({ route: `${method} ${path}`, params: req.params });
};
const errors: ErrorRequestHandler = (error, _req, res, _next) => res.status(500).json({ error: String((error as Error).message) });

/** The same routes, once in the table and once as Express would hold them, both under /api/auth. */
function apps() {
  const table = new RouteTable();
  const router = express.Router();
  for (const [method, path] of ROUTES) {
    table.add(method, path, answer(method, path));
    router[method](path, answer(method, path));
  }
  const tableRouter = express.Router().use(table.handler());
  return [express().use('/api/auth', tableRouter).use(errors), express().use('/api/auth', router).use(errors)] as const;
}

describe('RouteTable', () => {
  it.each([
    ['GET', '/api/auth/get-session'],
    ['GET', '/api/auth/get-session/'],
    ['GET', '/api/auth/Get-Session'],
    ['GET', '/api/auth/get-session?disableCookieCache=true'],
    ['HEAD', '/api/auth/get-session'],
    ['OPTIONS', '/api/auth/get-session'],
    ['OPTIONS', '/api/auth/organization/list'],
    ['POST', '/api/auth/get-session'],
    ['GET', '/api/auth/sign-in/email'],
    ['POST', '/api/auth/sign-in/email'],
    ['POST', '/api/auth/organization/list'],
    ['GET', '/api/auth/reset-password/abc123'],
    ['GET', '/api/auth/callback/github?code=1'],
    ['POST', '/api/auth/callback/apple'],
    ['GET', '/api/auth/get-session/extra'],
    ['GET', '/api/auth/nowhere'],
    ['GET', '/api/auth'],
  ])('answers %s %s as Express routing does', async (method, url) => {
    const [table, express] = apps();
    const send = (app: typeof table) => request(app)[method.toLowerCase() as 'get'](url);
    const [ours, theirs] = await Promise.all([send(table), send(express)]);
    expect([ours.status, ours.headers.allow, ours.text]).toEqual([theirs.status, theirs.headers.allow, theirs.text]);
  });

  it('hands a failing handler to the error middleware', async () => {
    const table = new RouteTable();
    table.add('get', '/boom', async () => {
      throw new Error('boom');
    });
    const app = express().use(table.handler()).use(errors);
    expect((await request(app).get('/boom').expect(500)).body).toEqual({ error: 'boom' });
  });

  it('lists its routes, static and parameterized, on its middleware', () => {
    const table = new RouteTable();
    for (const [method, path] of ROUTES) table.add(method, path, answer(method, path));
    expect(table.handler().routes()).toEqual(ROUTES.map(([method, path]) => `${method.toUpperCase()} ${path}`));
  });

  it('refuses a route registered twice', () => {
    const table = new RouteTable();
    table.add('get', '/get-session', answer('get', '/get-session'));
    expect(() => table.add('get', '/Get-Session/', answer('get', '/get-session'))).toThrow(/twice/);
  });
});
