import { Router, type NextFunction, type Request, type RequestHandler, type Response } from 'express';
import type { HttpMethod } from './endpoint.js';

type Handler = (req: Request, res: Response) => Promise<void>;

/**
 * The gateway's routes, found with one map lookup. Express's router finds a route by testing the
 * regular expression of every route registered before it (about 150 here, on every request, the
 * busiest route included); almost every path of the spec is static, so the table answers those
 * by method and path at once and keeps an Express router only for the few with parameters
 * (`/reset-password/:token`, `/callback/:id`).
 *
 * It matches as Express does: case-insensitively, with or without one trailing slash, HEAD served
 * by the GET route, and OPTIONS answered with the path's `Allow` list.
 */
export class RouteTable {
  private readonly exact = new Map<string, Handler>();
  private readonly methods = new Map<string, Set<string>>();
  private readonly parameterized = Router();
  private readonly declared: string[] = [];

  add(method: HttpMethod, path: string, handler: Handler): void {
    this.declared.push(`${method.toUpperCase()} ${path}`);
    if (path.includes(':') || path.includes('*')) {
      this.parameterized[method](path, handler);
      return;
    }
    const key = normalize(path);
    const verb = method.toUpperCase();
    if (this.exact.has(`${verb} ${key}`)) throw new Error(`Route registered twice: ${verb} ${path}`);
    this.exact.set(`${verb} ${key}`, handler);
    const allowed = this.methods.get(key) ?? new Set<string>();
    allowed.add(verb);
    if (verb === 'GET') allowed.add('HEAD');
    this.methods.set(key, allowed);
  }

  /** Every route, as `METHOD /path` in the order added. */
  routes(): string[] {
    return [...this.declared];
  }

  /**
   * One middleware: the static routes by lookup, then the parameterized ones. It carries
   * `routes()`, so whoever walks the app's middleware (the OpenAPI test) can list what it serves.
   */
  handler(): RequestHandler & { routes: () => string[] } {
    const middleware = (req: Request, res: Response, next: NextFunction) => {
      const path = normalize(req.path);
      const handler = this.exact.get(`${req.method} ${path}`) ?? (req.method === 'HEAD' ? this.exact.get(`GET ${path}`) : undefined);
      if (handler) {
        handler(req, res).catch(next);
        return;
      }
      const allowed = req.method === 'OPTIONS' ? this.methods.get(path) : undefined;
      if (allowed) {
        const allow = [...allowed].sort().join(', ');
        res.set({ Allow: allow, 'Content-Type': 'text/plain; charset=utf-8' }).status(200).send(allow);
        return;
      }
      this.parameterized(req, res, next);
    };
    return Object.assign(middleware, { routes: () => this.routes() });
  }
}

/** Lower case, without one trailing slash (Express's default: neither case-sensitive nor strict). */
function normalize(path: string): string {
  const lower = path.toLowerCase();
  return lower.length > 1 && lower.endsWith('/') ? lower.slice(0, -1) : lower;
}
