/**
 * The entry point of `npm start`, `npm run ops -- <command>` and the single executable: with no
 * command it serves (server/ops/serve.ts); the operations commands are in server/ops/cli.ts.
 */
import { runCommand } from './ops/cli.ts';

// No top-level await: the single executable runs this file bundled as CommonJS (scripts/build-binary.ts).
runCommand(process.argv.slice(2)).then(
  (code) => {
    if (code !== undefined) process.exitCode = code;
  },
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
