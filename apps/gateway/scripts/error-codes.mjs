// Writes packages/contracts/src/error-codes.ts: the codes of every catalogue the platform and
// the modules declare (apps/gateway/src/error-codes.ts), from the built gateway.
// Run after `pnpm build`: `pnpm --filter @tend/gateway error-codes`. A test fails while it is stale.
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { errorCodesOf, MODULES, renderErrorCodes } from '../dist/index.js';

const target = fileURLToPath(new URL('../../../packages/contracts/src/error-codes.ts', import.meta.url));
writeFileSync(target, renderErrorCodes(errorCodesOf(MODULES)));
console.log(`wrote ${target}`);
