// The half of the core rule dependency-cruiser cannot see: core code never reads process.env.
// Core code is packages/*/src except src/adapters/, src/testing/ and the database package.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';

const root = new URL('../..', import.meta.url).pathname;
const offenders = [];

function walk(dir) {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) {
      if (!['adapters', 'testing', 'generated', 'node_modules'].includes(name)) walk(path);
    } else if (/\.tsx?$/.test(name) && !name.endsWith('.test.ts')) {
      readFileSync(path, 'utf8')
        .split('\n')
        .forEach((line, index) => {
          if (/\bprocess\.env\b/.test(line) && !line.trim().startsWith('//')) offenders.push(`${relative(root, path)}:${index + 1}`);
        });
    }
  }
}

for (const pkg of readdirSync(join(root, 'packages'))) {
  if (pkg === 'database') continue;
  const src = join(root, 'packages', pkg, 'src');
  try {
    statSync(src);
  } catch {
    continue;
  }
  walk(src);
}

if (offenders.length) {
  console.error(`Core code must not read process.env (take configuration as arguments):\n  ${offenders.join('\n  ')}`);
  process.exit(1);
}
console.log('core check: no process.env in core packages');
