/**
 * `config`: the configuration the server would run with (environment and defaults, as
 * server/config.ts resolves them), as JSON, with every secret masked: it is meant to be pasted into
 * a support request or compared between machines.
 */
import { existsSync } from 'node:fs';
import { describeServer } from '../../db/postgres/connect.ts';
import type { Config, SettingSource } from '../config.ts';
import type { Output } from './output.ts';

export const MASK = '********';
const SECRET_FIELD = /secret|password|token/i;

/** smtp://user:pass@host keeps its user and host and loses its password; a query's values (a collector's key) are masked too. */
function maskUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = MASK;
    for (const name of [...parsed.searchParams.keys()]) parsed.searchParams.set(name, MASK);
    return parsed.toString();
  } catch {
    return MASK;
  }
}

export function maskedConfig(config: Config): Record<string, unknown> {
  const masterKey =
    config.masterKey !== undefined
      ? `${MASK} (from MASTER_KEY)`
      : `${MASK} (in ${config.masterKeyFile}${existsSync(config.masterKeyFile) ? '' : ', created on the first start'})`;
  const mask = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(mask);
    if (value === null || typeof value !== 'object') return value;
    return Object.fromEntries(Object.entries(value).map(([key, field]) => [key, SECRET_FIELD.test(key) && typeof field === 'string' ? MASK : mask(field)]));
  };
  const masked = mask({ ...config, masterKey }) as Record<string, unknown>;
  if (config.smtp) masked.smtp = { ...config.smtp, url: maskUrl(config.smtp.url) };
  if (config.openTelemetry) masked.openTelemetry = { ...(masked.openTelemetry as object), tracesUrl: maskUrl(config.openTelemetry.tracesUrl) };
  if (config.database.engine === 'postgres') {
    // The server as every log line names it, never the password; the SQLite file goes unused.
    masked.database = { engine: 'postgres', server: describeServer(config.database.url) };
    delete masked.databaseFile;
  }
  return masked;
}

/** The configuration, then `sources`: where each setting came from (the environment, .env.local, .env, or its default). */
export function showConfig(config: Config, sources: Record<string, SettingSource>, out: Output): void {
  out(JSON.stringify({ ...maskedConfig(config), sources }, null, 2));
}
