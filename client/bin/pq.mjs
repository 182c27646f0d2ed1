#!/usr/bin/env node
// The `pq` command. Its sources are TypeScript run in place: tsx's scoped ESM API compiles them on
// import, on Node 20 and 24 alike (Node 24's own type stripping cannot run the client's constructor
// parameter properties, and Node 20 has none).
import { tsImport } from 'tsx/esm/api';

const { main } = await tsImport('../src/cli/main.ts', import.meta.url);
process.exitCode = await main(process.argv.slice(2));
