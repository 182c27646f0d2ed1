/** Writes client/src/generated/openapi.ts from the server's contract (npm run generate:client). */
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { generatedTypes } from './openapi-types.ts';

const target = fileURLToPath(new URL('../src/generated/openapi.ts', import.meta.url));
writeFileSync(target, await generatedTypes());
process.stdout.write(`wrote ${target}\n`);
process.exit(0);
