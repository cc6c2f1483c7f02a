// Every endpoint's method, path and schemas are its contract's (`...routes.x`), and every contract
// is served: the web app's calls and the gateway's routes cannot drift apart.
import { routes, type RouteContract } from '@tend/contracts';
import { MODULES } from './index.js';

const endpoints = MODULES.flatMap((module) => module.endpoints);
const contracts = Object.entries(routes) as [string, RouteContract][];
const keyOf = (r: { method: string; path: string }) => `${r.method} ${r.path}`;

describe('route contracts', () => {
  it.each(endpoints.map((spec) => [keyOf(spec), spec] as const))('%s takes its method, path and schemas from its contract', (_key, spec) => {
    const [, contract] = contracts.find(([, c]) => keyOf(c) === keyOf(spec)) ?? [];
    expect(contract).toBeDefined();
    // The very same schema objects, not look-alikes.
    for (const part of ['params', 'query', 'body', 'response'] as const) expect({ part, same: spec[part] === contract?.[part] }).toEqual({ part, same: true });
  });

  it('serves every contract of @tend/contracts', () => {
    const served = new Set(endpoints.map(keyOf));
    expect(contracts.filter(([, c]) => !served.has(keyOf(c))).map(([name]) => name)).toEqual([]);
  });
});
