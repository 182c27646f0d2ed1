/** What the operations commands share: where they print, and the error that stops one with a message. */

export type Output = (text: string) => void;

/** A command refused or failed for a reason the operator can act on: printed, exit code 1. */
export class OpsError extends Error {
  override name = 'OpsError';
}
