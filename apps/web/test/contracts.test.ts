// The web app calls the gateway only through route contracts (`call(api, routes.x, input)`): no
// gateway path and no reply type is written by hand in app/, so the two cannot drift apart.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

const app = path.resolve(__dirname, '../app');

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const file = path.join(dir, name);
    if (statSync(file).isDirectory()) return sources(file);
    return /\.tsx?$/.test(name) ? [file] : [];
  });
}

/** Code lines of every source file (comments say where things go; they are not calls). */
const lines = sources(app).flatMap((file) =>
  readFileSync(file, 'utf8')
    .split('\n')
    .map((text, index) => ({ file: path.relative(app, file), line: index + 1, text }))
    .filter(({ text }) => !/^\s*(\/\/|\*|\/\*)/.test(text)),
);
const where = (found: typeof lines) => found.map(({ file, line, text }) => `${file}:${line}: ${text.trim()}`);

describe('calls to the gateway', () => {
  it('write no gateway path by hand (/api/auth/…, /api/dev/…)', () => {
    expect(where(lines.filter(({ text }) => /['"`]\/api\/(auth|dev)\b/.test(text)))).toEqual([]);
  });

  it('type no gateway reply by hand: only call.server.ts sends requests and names their reply type', () => {
    const raw = lines.filter(({ file, text }) => file !== 'lib/call.server.ts' && /\b(api|gateway\([^)]*\))\.(get|post|getShared)\s*[<(]/.test(text));
    expect(where(raw)).toEqual([]);
    const results = lines.filter(({ file, text }) => !['lib/call.server.ts', 'lib/gateway.server.ts'].includes(file) && /GatewayResult\s*</.test(text));
    expect(where(results)).toEqual([]);
  });

  it('go through call() in the routes and libraries that talk to the gateway', () => {
    expect(lines.filter(({ text }) => /\bcall(Shared)?\(api, (dev)?[rR]outes\.\w+/.test(text)).length).toBeGreaterThan(50);
  });
});
