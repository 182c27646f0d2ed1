/**
 * What an account's history keeps of each API call's message (docs/decisions/038): only its SHA-256
 * and length (the default), or the text as sent. Demo calls always keep the text.
 */
export const HISTORY_KEEPS = ['digest', 'text'] as const;
export type HistoryKeeps = (typeof HISTORY_KEEPS)[number];

/** The ages the dashboard offers for deleting older history, in days (0: all of it). */
export const HISTORY_DELETE_AGES = [0, 7, 30, 90, 365] as const;
