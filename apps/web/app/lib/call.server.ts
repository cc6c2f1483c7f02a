// Calls a gateway route by its contract: `call(api, routes.changePassword, input)`. The contract
// (from @tend/contracts, the one the gateway's endpoint spreads) gives the method, the path and the
// types of the input and of the answer, so no path or reply type is written by hand in this app.
import { AUTH_BASE_PATH, type RouteContract, type RouteInput, type RouteReply } from '@tend/contracts';
import type { GatewayClient, GatewayResult } from './gateway.server';

/** The input argument: optional when the route needs nothing (or only optional fields). */
type Args<C extends RouteContract> = unknown extends RouteInput<C> ? [] : object extends RouteInput<C> ? [input?: RouteInput<C>] : [input: RouteInput<C>];

/**
 * Calls a route: its `:name` path segments are filled from the input (URL-encoded), the rest is the
 * JSON body of a route with a body, else the query string. Answers the gateway's result, typed by
 * the contract's reply schema.
 */
export function call<C extends RouteContract>(api: GatewayClient, contract: C, ...[input]: Args<C>): Promise<GatewayResult<RouteReply<C>>> {
  const { path, body } = request(contract, input);
  return contract.method === 'get' ? api.get<RouteReply<C>>(path) : api.post<RouteReply<C>>(path, body);
}

/**
 * A GET whose answer the other loaders of the same page request reuse (the session, the
 * providers): the gateway is asked once, until any of them writes.
 */
export function callShared<C extends RouteContract & { method: 'get' }>(api: GatewayClient, contract: C, ...[input]: Args<C>): Promise<GatewayResult<RouteReply<C>>> {
  return api.getShared<RouteReply<C>>(request(contract, input).path);
}

/** The URL path (base, filled segments, query) and JSON body of one call. */
export function request(contract: RouteContract, input: unknown = {}): { path: string; body?: unknown } {
  const rest: Record<string, unknown> = { ...(input as Record<string, unknown>) };
  const filled = contract.path.replace(/:(\w+)/g, (_, name: string) => {
    const value = rest[name];
    delete rest[name];
    return encodeURIComponent(String(value ?? ''));
  });
  const path = `${contract.base ?? AUTH_BASE_PATH}${filled}`;
  if (contract.body) return { path, body: rest };
  const search = queryString(rest);
  return { path: search ? `${path}?${search}` : path, body: contract.method === 'get' ? undefined : {} };
}

/** Query values as strings; absent and empty values are left out, arrays repeat their key. */
function queryString(values: Record<string, unknown>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(values)) {
    for (const item of Array.isArray(value) ? value : [value]) {
      if (item === undefined || item === null || item === '') continue;
      search.append(key, String(item));
    }
  }
  return search.toString();
}
