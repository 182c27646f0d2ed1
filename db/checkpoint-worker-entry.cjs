// Worker threads start plain Node, which cannot load TypeScript: register tsx's loader here, then
// load the real worker. The single executable packs the bundled worker under this name instead
// (scripts/build-binary.ts).
/* eslint-disable @typescript-eslint/no-require-imports -- a CommonJS entry loads with require */
require('tsx/cjs');
require('./checkpoint-worker.ts');
