import express from 'express';
import request from 'supertest';
import { defineErrors, raiseFrom, type Logger } from '@tend/kernel';
import { errorHandler } from './errors.js';

function appThrowing(error: unknown, logger: Logger) {
  const app = express();
  app.get('/boom', () => {
    throw error;
  });
  app.use(errorHandler(logger));
  return app;
}

const logger = () => ({ info: jest.fn(), warn: jest.fn(), error: jest.fn() });

describe('errorHandler and database outages', () => {
  it.each([
    ['a refused connection', Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED', errno: -111, syscall: 'connect' })],
    ['a dropped connection', new Error('Connection terminated unexpectedly')],
    ['an admin shutdown', Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01', severity: 'FATAL' })],
    ['Prisma P1017', Object.assign(new Error('Server has closed the connection.'), { code: 'P1017' })],
  ])('answers 503 SERVICE_UNAVAILABLE with Retry-After: 1 for %s, without the driver message', async (_name, error) => {
    const log = logger();
    const res = await request(appThrowing(error, log)).get('/boom').expect(503);
    expect(res.body).toEqual({ code: 'SERVICE_UNAVAILABLE', message: 'Service unavailable' });
    expect(res.headers['retry-after']).toBe('1');
    expect(log.warn).toHaveBeenCalledWith('database unavailable', expect.objectContaining({ method: 'GET', path: '/boom' }));
    expect(log.error).not.toHaveBeenCalled();
  });

  const WRAPPING = defineErrors({
    FAILED_TO_CREATE_SESSION: { status: 500, message: 'Failed to create session' },
    INVALID_TOKEN: { status: 400, message: 'Invalid token' },
  });

  it("answers 503 for a use case's own 500 caused by an outage (a session store failing mid sign-in), and keeps that 500 for other causes", async () => {
    const outage = raiseFrom(Object.assign(new Error('Connection terminated unexpectedly')), WRAPPING.FAILED_TO_CREATE_SESSION);
    const log = logger();
    const res = await request(appThrowing(outage, log)).get('/boom').expect(503);
    expect(res.body).toEqual({ code: 'SERVICE_UNAVAILABLE', message: 'Service unavailable' });
    expect(res.headers['retry-after']).toBe('1');
    expect(log.warn).toHaveBeenCalledWith('database unavailable', expect.objectContaining({ path: '/boom' }));

    const bug = raiseFrom(new TypeError('x is undefined'), WRAPPING.FAILED_TO_CREATE_SESSION);
    const other = await request(appThrowing(bug, logger())).get('/boom').expect(500);
    expect(other.body).toEqual({ code: 'FAILED_TO_CREATE_SESSION', message: 'Failed to create session' });
    // A client error stays the client's, whatever caused it.
    const clientError = raiseFrom(new Error('Connection terminated unexpectedly'), WRAPPING.INVALID_TOKEN);
    await request(appThrowing(clientError, logger())).get('/boom').expect(400);
  });

  it('still answers 500 Internal Server Error for anything else, logged with its stack', async () => {
    const log = logger();
    const res = await request(appThrowing(new Error('SELECT secret FROM somewhere failed'), log)).get('/boom').expect(500);
    expect(res.body).toEqual({ code: 'INTERNAL_SERVER_ERROR', message: 'Internal Server Error' });
    expect(res.headers['retry-after']).toBeUndefined();
    expect(log.error).toHaveBeenCalledWith('unhandled error', expect.objectContaining({ error: expect.stringContaining('SELECT secret') }));
  });
});
