import { ERROR_CODES } from '@tend/contracts';
import { codeOf, type ErrorDefinition } from '@tend/kernel';
import { NAMED_CODES } from '../src/http/gateway-errors.js';
import { defaultConfig, endpointsOf, errorCodesOf, MODULES, PLATFORM_ERRORS } from '../src/index.js';
import gatewayPackage from '../package.json';
import { SECRET } from './harness/index.js';

interface Entry {
  /** Where it is declared: `IDENTITY_ERRORS.USER_NOT_FOUND`, or `POST /sign-up/email errors[3]`. */
  source: string;
  key: string | null;
  definition: ErrorDefinition;
}

/** The catalogues the platform and the modules declare (the source of ERROR_CODES). */
const DECLARED: ReadonlySet<Record<string, ErrorDefinition>> = new Set([...Object.values(PLATFORM_ERRORS), ...MODULES.flatMap((module) => module.errors ?? [])]);

const isDefinition = (value: unknown): value is ErrorDefinition =>
  !!value && typeof value === 'object' && typeof (value as ErrorDefinition).code === 'string' && typeof (value as ErrorDefinition).status === 'number' && typeof (value as ErrorDefinition).message === 'string';

/**
 * Every `*_ERRORS` catalogue exported by the workspace packages the gateway depends on, so a
 * new package's catalogue joins without editing this test.
 */
function discoverCatalogues(): Record<string, Record<string, ErrorDefinition>> {
  const found: Record<string, Record<string, ErrorDefinition>> = {};
  const packages = Object.keys((gatewayPackage as { dependencies: Record<string, string> }).dependencies).filter((name) => name.startsWith('@tend/'));
  for (const name of packages) {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const exports = require(name) as Record<string, unknown>;
    for (const [exportName, value] of Object.entries(exports)) {
      if (!exportName.endsWith('_ERRORS') || !value || typeof value !== 'object') continue;
      const entries = Object.entries(value as Record<string, unknown>);
      if (entries.length && entries.every(([, entry]) => isDefinition(entry))) found[exportName] = value as Record<string, ErrorDefinition>;
    }
  }
  return found;
}

/**
 * Entries whose status differs from the rest of their code because spec section 8 says so
 * literally; any other disagreement is a bug in one of the catalogues.
 */
const SPEC_STATUS_EXCEPTIONS: Record<string, number> = {
  // "Organization messages: ... User not found (401)" while "Admin messages: ... User not found (404)".
  'ORGANIZATION_ERRORS.USER_NOT_FOUND': 401,
  // GET /verify-email's failures are the spec's redirect codes (`?error=user_not_found`): a bad link is 400.
  'VERIFY_EMAIL_ERRORS.USER_NOT_FOUND': 400,
  // An id token that does not authenticate is a refused credential (401); a bad reset or deletion link stays 400.
  'PROVIDER_ERRORS.INVALID_TOKEN': 401,
  // A wrong second-factor code is 401 "Invalid code" (issue 22); a provider's bad authorization code stays 400.
  'TWO_FACTOR_ERRORS.INVALID_CODE': 401,
  // Issue 22: an unknown credential at passkey sign-in is 401 PASSKEY_NOT_FOUND; an unknown id on the management routes 404.
  'PASSKEY_SIGN_IN_ERRORS.PASSKEY_NOT_FOUND': 401,
};

/** Every catalogued error: the catalogues by name, those discovered, and whatever any endpoint spec lists. */
function collect(): Entry[] {
  const catalogues = { ...discoverCatalogues(), ...PLATFORM_ERRORS };
  const entries: Entry[] = Object.entries(catalogues).flatMap(([name, catalogue]) =>
    Object.entries(catalogue).map(([key, definition]) => ({ source: `${name}.${key}`, key, definition })),
  );
  // Every module's specs, whatever the configuration switches off.
  const config = defaultConfig({ secret: SECRET });
  const specs = [...endpointsOf(MODULES, config), ...MODULES.flatMap((module) => module.endpoints)];
  for (const spec of specs) {
    (spec.errors ?? []).forEach((definition, index) => entries.push({ source: `${spec.method.toUpperCase()} ${spec.path} errors[${index}]`, key: null, definition }));
  }
  return entries;
}

describe('the error catalogues', () => {
  const entries = collect();
  const codes = new Set(entries.map((entry) => entry.definition.code));

  it('collects the catalogues and the errors of every endpoint spec', () => {
    expect(Object.keys(discoverCatalogues())).toEqual(expect.arrayContaining(Object.keys(PLATFORM_ERRORS).filter((name) => name !== 'GATEWAY_ERRORS')));
    expect(entries.length).toBeGreaterThan(60);
    expect(codes).toContain('USER_ALREADY_EXISTS');
    expect(codes).toContain('VALIDATION_ERROR');
  });

  it("keys each entry by its code", () => {
    const wrong = entries.filter((entry) => entry.key !== null && entry.key !== entry.definition.code).map((entry) => `${entry.source}: code ${entry.definition.code}`);
    expect(wrong).toEqual([]);
  });

  it('gives each code one status across all catalogues (bar the exceptions the spec itself makes)', () => {
      const statuses = new Map<string, Map<number, string[]>>();
    // An endpoint listing a catalogue's entry is that entry: its exception goes with it.
    const excepted = new Set(entries.filter(({ source, definition }) => SPEC_STATUS_EXCEPTIONS[source] === definition.status).map(({ definition }) => definition));
    for (const { definition, source } of entries) {
      if (excepted.has(definition)) continue;
      const byStatus = statuses.get(definition.code) ?? new Map<number, string[]>();
      byStatus.set(definition.status, [...(byStatus.get(definition.status) ?? []), source]);
      statuses.set(definition.code, byStatus);
    }
    const conflicts = [...statuses]
      .filter(([, byStatus]) => byStatus.size > 1)
      .map(([code, byStatus]) => `${code}: ${[...byStatus].map(([status, sources]) => `${status} in ${sources.filter((s) => !s.includes(' errors[')).join(', ') || sources[0]}`).join(' vs ')}`);
    expect(conflicts).toEqual([]);
  });

  it('derives each code from its message (spec section 8), except the named codes', () => {
    const wrong = entries
      .filter(({ definition }) => !NAMED_CODES.has(definition.code) && definition.code !== codeOf(definition.message))
      .map(({ source, definition }) => `${source}: ${definition.code} but codeOf(${JSON.stringify(definition.message)}) is ${codeOf(definition.message)}`);
    expect([...new Set(wrong)]).toEqual([]);
  });

  it('names only codes that some catalogue uses', () => {
    const unused = [...NAMED_CODES].filter((code) => !codes.has(code));
    expect(unused).toEqual([]);
  });

  it("declares every package's catalogue in the platform's list or a module's", () => {
    const undeclared = Object.entries(discoverCatalogues())
      .filter(([, catalogue]) => !DECLARED.has(catalogue))
      .map(([name]) => name);
    expect({ declareInAModule: undeclared }).toEqual({ declareInAModule: [] });
  });

  it('lists every catalogued code in ERROR_CODES of @tend/contracts, and nothing else (regenerate: pnpm build && pnpm --filter @tend/gateway error-codes)', () => {
    const declared = errorCodesOf(MODULES);
    expect(new Set(declared)).toEqual(codes);
    expect([...ERROR_CODES]).toEqual(declared);
  });
});
