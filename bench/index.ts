/** Entry point of `npm run bench`: parses the command line and runs the selected suite. */
import { parseCommand, usage } from './cli.ts';
import { runSuite } from './run.ts';

const command = parseCommand(process.argv.slice(2));
if (command.kind === 'help') {
  console.log(usage());
} else if (command.kind === 'error') {
  console.error(`${command.message}\n\n${usage()}`);
  process.exitCode = 2;
} else {
  try {
    await runSuite(command.suite, { quick: command.quick, soak: command.soak ?? false, ...(command.scaleOut ? { scaleOut: command.scaleOut } : {}) });
  } catch (error) {
    console.error(`\nbenchmark failed: ${error instanceof Error ? error.message : String(error)}`);
    process.exitCode = 1;
  }
}
