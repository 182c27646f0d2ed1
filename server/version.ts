/** The product's version, from package.json (packed into the single executable: scripts/build-binary.ts). */
import { readFileSync } from 'node:fs';

export const APP_VERSION = (JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version: string }).version;
