/**
 * Which Node.js release lines are still supported, by the project's own table of end-of-life dates
 * (Node.js's release schedule: nodejs.org/en/about/previous-releases). The single executable's
 * build refuses a runtime past its date (scripts/embedded-node.ts); a start from source on one
 * logs a warning naming the recommended line (README.md "Quick start").
 */

/** Even-numbered (LTS) lines and the last day each gets security fixes, UTC. */
export const END_OF_LIFE: Readonly<Record<number, string>> = {
  18: '2025-04-30',
  20: '2026-04-30',
  22: '2027-04-30',
  24: '2028-04-30',
};

/** The line README recommends and the executable embeds. */
export const RECOMMENDED_LINE = 24;

export type RuntimeSupport =
  | { supported: true; line: number; endOfLife: string }
  | { supported: false; line: number; reason: string };

/**
 * Whether `version` (as process.version prints it, `v24.21.0`) is on a line still supported on
 * `today`. A line missing from the table (an odd, short-lived line, or one newer than this table)
 * is not supported: its date is unknown until someone adds it.
 */
export function runtimeSupport(version: string, today: Date): RuntimeSupport {
  const match = /^v?(\d+)\.\d+\.\d+/.exec(version);
  if (!match) throw new TypeError(`not a Node.js version: "${version}"`);
  const line = Number(match[1]);
  const endOfLife = END_OF_LIFE[line];
  if (endOfLife === undefined) {
    return { supported: false, line, reason: `Node.js ${line} is not in the table of supported lines (server/runtime-support.ts); use Node.js ${RECOMMENDED_LINE}` };
  }
  if (today.toISOString().slice(0, 10) > endOfLife) {
    return { supported: false, line, reason: `Node.js ${line} reached its end of life on ${endOfLife}; use Node.js ${RECOMMENDED_LINE}` };
  }
  return { supported: true, line, endOfLife };
}
