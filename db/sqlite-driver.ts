/**
 * better-sqlite3 in the major the running Node.js can load (docs/decisions/049-node-24-and-two-sqlite-drivers.md):
 * - 13 (`better-sqlite3-napi`, Node-API through node-addon-api, prebuilt in its package) wherever
 *   Node-API 10 exists: Node 22.14 and newer, the embedded Node 24. Version 12 aborts there from
 *   Node 24.19 on: its statements are `node::ObjectWrap`s, whose destructor now removes an
 *   environment cleanup hook, and a garbage collection outside any context (idle or background)
 *   fails that call's check that an environment is current.
 * - 12 (`better-sqlite3`, compiled at `npm ci`) on Node 20, which has Node-API 9: 13 needs 10 and
 *   crashes there.
 * Every connection is opened with the `Database` exported here; eslint refuses a value import of
 * either package anywhere else.
 */
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import Sqlite12 from 'better-sqlite3';
import Sqlite13 from 'better-sqlite3-napi';

/** Node-API 10 is what better-sqlite3 13 is compiled for. */
export const SQLITE_DRIVER = Number(process.versions.napi) >= 10 ? ({ package: 'better-sqlite3-napi', major: 13 } as const) : ({ package: 'better-sqlite3', major: 12 } as const);

export const Database: typeof Sqlite12 = SQLITE_DRIVER.major === 13 ? (Sqlite13 as typeof Sqlite12) : Sqlite12;
export type Database = Sqlite12.Database;

/**
 * The addon file the chosen driver loads, for a thread that opens its own connection
 * (db/checkpointer.ts) and for the single executable, which packs it at this path: 12's compiled
 * build; 13's compiled build when someone made one, else the prebuilt binary for this platform.
 */
export function sqliteAddonPath(): string {
  if (SQLITE_DRIVER.major === 12) return fileURLToPath(new URL('../node_modules/better-sqlite3/build/Release/better_sqlite3.node', import.meta.url));
  const built = fileURLToPath(new URL('../node_modules/better-sqlite3-napi/build/Release/better_sqlite3.node', import.meta.url));
  if (existsSync(built)) return built;
  const libc = process.platform === 'linux' && process.report?.getReport && !(process.report.getReport() as { header?: { glibcVersionRuntime?: string } }).header?.glibcVersionRuntime ? 'musl' : '';
  return fileURLToPath(new URL(`../node_modules/better-sqlite3-napi/prebuilds/${process.platform}${libc}-${process.arch}.node`, import.meta.url));
}
