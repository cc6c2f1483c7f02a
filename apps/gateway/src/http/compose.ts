import type { NextFunction, Request, RequestHandler, Response } from 'express';

/**
 * Several middlewares as one: each runs in order, as Express would run them, but through one
 * router layer instead of one each (Express matches every layer's path and dispatches through
 * its `next` on every request: for the gateway's checks that ran before every route, that
 * bookkeeping cost more than most of the checks). Errors, thrown or passed to `next` or a
 * rejected promise, go to the outer `next` as Express sends them.
 */
export function composed(handlers: readonly RequestHandler[]): RequestHandler {
  if (handlers.length === 1) return handlers[0]!;
  return (req: Request, res: Response, next: NextFunction) => {
    let index = 0;
    const step = (error?: unknown): void => {
      if (error) return next(error);
      const handler = handlers[index];
      index += 1;
      if (!handler) return next();
      try {
        const result: unknown = handler(req, res, step);
        if (result instanceof Promise) result.then(undefined, (rejection: unknown) => next(rejection ?? new Error('Rejected promise')));
      } catch (thrown) {
        next(thrown);
      }
    };
    step();
  };
}
