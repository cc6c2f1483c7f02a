import express, { type ErrorRequestHandler, type RequestHandler } from 'express';
import request from 'supertest';
import { composed } from './compose.js';

/** An app running `handlers` as one layer, answering the order they ran in, or the error that stopped them. */
function appOf(handlers: RequestHandler[]) {
  const onError: ErrorRequestHandler = (error, _req, res, _next) => void res.status(500).json({ error: (error as Error).message, ran: res.locals.ran });
  return express()
    .use((_req, res, next) => {
      res.locals.ran = [];
      next();
    })
    .use(composed(handlers))
    .get('/', (_req, res) => void res.json({ ran: res.locals.ran }))
    .use(onError);
}

const step =
  (name: string): RequestHandler =>
  (_req, res, next) => {
    (res.locals.ran as string[]).push(name);
    next();
  };

describe('composed', () => {
  it('runs every middleware in order, then the routes after it', async () => {
    const res = await request(appOf([step('a'), step('b'), step('c')])).get('/').expect(200);
    expect(res.body).toEqual({ ran: ['a', 'b', 'c'] });
  });

  it('waits for a middleware that calls next later', async () => {
    const later: RequestHandler = (_req, res, next) => {
      setTimeout(() => {
        (res.locals.ran as string[]).push('later');
        next();
      }, 5);
    };
    const res = await request(appOf([step('a'), later, step('b')])).get('/').expect(200);
    expect(res.body).toEqual({ ran: ['a', 'later', 'b'] });
  });

  it('stops at an error passed to next, thrown, or a rejected promise, and hands it to the error handler', async () => {
    const passed: RequestHandler = (_req, _res, next) => next(new Error('passed'));
    const thrown: RequestHandler = () => {
      throw new Error('thrown');
    };
    const rejected: RequestHandler = async () => {
      await Promise.resolve();
      throw new Error('rejected');
    };
    for (const [failing, message] of [
      [passed, 'passed'],
      [thrown, 'thrown'],
      [rejected, 'rejected'],
    ] as const) {
      const res = await request(appOf([step('a'), failing, step('never')])).get('/').expect(500);
      expect(res.body).toEqual({ error: message, ran: ['a'] });
    }
  });

  it('lets a middleware answer without calling next', async () => {
    const answering: RequestHandler = (_req, res) => void res.status(204).end();
    await request(appOf([step('a'), answering, step('never')])).get('/').expect(204);
  });
});
