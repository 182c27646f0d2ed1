/** One `pq` command: its name, its help, and what it does with its words (docs/client.md §3). */
import type { Io } from './io.ts';

export interface Command {
  name: string;
  /** One line for `pq --help`. */
  summary: string;
  /** The synopsis, after `pq `, shown with a usage error. */
  usage: string;
  /** `pq <name> --help`: the synopsis, then this (the command's flags and what it prints). */
  help: string;
  /** Runs the command on its words (the name removed) and answers the exit code. */
  run(args: string[], io: Io): Promise<number>;
}

export const GLOBAL_HELP = `Global flags:
  --api-url URL       the server (default PQ_API_URL, else http://localhost:5000)
  --api-key pk_…      the API key (default PQ_API_KEY)
  --api-secret sk_…   its secret (default PQ_API_SECRET)
  --json              print the API's answer as JSON instead of readable lines
  -h, --help          this help`;

export const helpOf = (command: Command) => `usage: pq ${command.usage}\n\n${command.summary}\n\n${command.help}\n\n${GLOBAL_HELP}\n`;
