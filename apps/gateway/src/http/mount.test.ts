// mount() while tests run: a handler that raises a code its spec does not declare fails the request.
import express from 'express';
import type { Container } from 'inversify';
import request from 'supertest';
import { defineErrors, raise, type Logger } from '@tend/kernel';
import { endpoint } from './endpoint.js';
import { errorHandler } from './errors.js';
import { mount, type MountContext } from './mount.js';
import { RouteTable } from './route-table.js';
import type { SessionHttp } from './session.js';

const ERRORS = defineErrors({
  DECLARED_FAILURE: { status: 409, message: 'Declared failure' },
  UNDECLARED_FAILURE: { status: 409, message: 'Undeclared failure' },
});

/** An app with one public route whose handler raises `code`; `logged` gathers the error log. */
function appWith(code: keyof typeof ERRORS, checkReplies: MountContext['checkReplies']) {
  const logged: string[] = [];
  const logger: Logger = { info() {}, warn() {}, error: (_message, fields) => void logged.push(String(fields?.error)) };
  const table = new RouteTable();
  const spec = endpoint({
    method: 'post',
    path: '/fail',
    summary: 'Fails',
    tags: [],
    auth: 'public',
    response: 'redirect',
    errors: [ERRORS.DECLARED_FAILURE],
    deps: {},
    handler: () => {
      throw raise(ERRORS[code]);
    },
  });
  mount(table, spec, { container: {} as Container, sessions: {} as SessionHttp, authorizers: {}, logger, checkReplies });
  return { app: express().use(table.handler()).use(errorHandler(logger)), logged };
}

describe('mount, while tests run', () => {
  it('answers a code its spec declares as it is', async () => {
    const res = await request(appWith('DECLARED_FAILURE', 'throw').app).post('/fail').expect(409);
    expect(res.body).toEqual({ code: 'DECLARED_FAILURE', message: 'Declared failure' });
  });

  it('fails with a 500 naming the route and the code when the handler raises a code its spec does not declare', async () => {
    const { app, logged } = appWith('UNDECLARED_FAILURE', 'throw');
    const res = await request(app).post('/fail').expect(500);
    expect(res.body.code).toBe('INTERNAL_SERVER_ERROR');
    expect(logged.join('\n')).toMatch(/POST \/fail raised 409 UNDECLARED_FAILURE .* which its spec does not declare/);
  });

  it('leaves the code alone outside tests', async () => {
    const res = await request(appWith('UNDECLARED_FAILURE', 'warn').app).post('/fail').expect(409);
    expect(res.body.code).toBe('UNDECLARED_FAILURE');
  });
});
