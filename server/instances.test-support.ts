/**
 * Several real server processes on one PostgreSQL database, as a deployment behind a load balancer
 * runs them (README.md "Running several instances"): each its own `server/main.ts` on a free
 * loopback port, with the same MASTER_KEY. Tests reach each instance by its base URL, kill one with
 * SIGKILL, and read the database directly. PayPal, for instances that sell, is `paypal-emulator`
 * run as a process of its own (startPaypalEmulator, sandboxEnv).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll } from 'vitest';
import { openPostgres } from '../db/postgres/connect.ts';
import { freePort } from '../scripts/free-port.ts';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

export interface Instance {
  base: string;
  child: ChildProcess;
  /** What the process wrote to stderr (its log at LOG_LEVEL, and a start-up refusal). */
  stderr(): string;
}

export interface InstanceOptions {
  databaseUrl: string;
  /** Shared by every instance unless a test gives one its own. */
  masterKey?: string;
  env?: Record<string, string>;
}

const running = new Set<ChildProcess>();
const dirs: string[] = [];
process.once('exit', () => running.forEach((child) => child.kill('SIGKILL')));
afterAll(async () => {
  await Promise.all([...running].map((child) => stopInstance({ child } as Instance)));
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** A fresh master key, as MASTER_KEY takes it. */
export const newMasterKey = () => randomBytes(32).toString('base64');

/** Starts one instance and waits until it answers /api/health; rejects with its stderr if it exits first. */
export async function startInstance(options: InstanceOptions): Promise<Instance> {
  const port = await freePort();
  const dir = mkdtempSync(join(tmpdir(), 'pq-instance-'));
  dirs.push(dir);
  // tsx as a loader in this one process, so SIGKILL reaches the server itself.
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_ENV: 'test',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dir,
      DATABASE_URL: options.databaseUrl,
      MASTER_KEY: options.masterKey ?? newMasterKey(),
      ENGINE_WORKERS: '1',
      LOG_LEVEL: 'warn',
      PAYMENTS: 'off',
      ...options.env,
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  running.add(child);
  child.once('exit', () => running.delete(child));
  let stderr = '';
  child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const base = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 600; i++) {
    if (child.exitCode !== null) throw new Error(`the instance exited with code ${child.exitCode}: ${stderr.trim()}`);
    if (await fetch(`${base}/api/health`).then((r) => r.ok, () => false)) return { base, child, stderr: () => stderr };
    await new Promise((r) => setTimeout(r, 100));
  }
  child.kill('SIGKILL');
  throw new Error(`the instance did not start in 60 s: ${stderr.trim()}`);
}

/** Starts `count` instances one after the other (each migrates under the advisory lock first). */
export async function startInstances(count: number, options: InstanceOptions): Promise<Instance[]> {
  const shared = { ...options, masterKey: options.masterKey ?? newMasterKey() };
  const instances: Instance[] = [];
  for (let i = 0; i < count; i++) instances.push(await startInstance(shared));
  return instances;
}

/** SIGTERM (a graceful stop) or SIGKILL, and waits for the exit. */
export async function stopInstance(instance: Pick<Instance, 'child'>, signal: NodeJS.Signals = 'SIGTERM'): Promise<void> {
  const { child } = instance;
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill(signal);
  await exited;
}

/** What `paypal-emulator` prints: PAYPAL_API_BASE and the credentials it drew for this run. */
export interface PaypalEmulator {
  apiBase: string;
  clientId: string;
  clientSecret: string;
  webhookId: string;
  child: ChildProcess;
}

/** Runs `paypal-emulator <webhookUrl>` as its own process (server/ops/paypal-emulator.ts), stopped after the file. */
export async function startPaypalEmulator(webhookUrl: string): Promise<PaypalEmulator> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts', 'paypal-emulator', webhookUrl], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
  running.add(child);
  child.once('exit', () => running.delete(child));
  let stderr = '';
  child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const line = await new Promise<string>((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      if (out.includes('\n')) resolve(out.split('\n')[0]!);
    });
    child.once('exit', (code) => reject(new Error(`the PayPal emulator exited with code ${code}: ${stderr.trim()}`)));
  });
  return { ...(JSON.parse(line) as Omit<PaypalEmulator, 'child'>), child };
}

/** The environment that points an instance's PAYMENTS=sandbox at the emulator. */
export const sandboxEnv = (emulator: PaypalEmulator): Record<string, string> => ({
  PAYMENTS: 'sandbox',
  PAYPAL_API_BASE: emulator.apiBase,
  PAYPAL_CLIENT_ID: emulator.clientId,
  PAYPAL_CLIENT_SECRET: emulator.clientSecret,
  PAYPAL_WEBHOOK_ID: emulator.webhookId,
});

const JSON_HEADERS = { 'content-type': 'application/json', 'sec-fetch-site': 'same-origin' };

export interface Customer {
  /** The session cookie, valid on every instance (sessions live in the database). */
  cookie: string;
  userId: string;
  /** The first API key's headers. */
  apiKey: Record<string, string>;
}

/** Registers on one instance, signs in on another and reveals the first key's secret on a third (or the same). */
export async function signUp(email: string, on: { register: Instance; signIn: Instance; reveal: Instance }): Promise<Customer> {
  const password = 'correct horse battery staple';
  const registered = await fetch(`${on.register.base}/api/auth/register`, {
    method: 'POST', headers: JSON_HEADERS, body: JSON.stringify({ email, password, firstName: 'Scale', lastName: 'Out' }),
  });
  if (registered.status !== 202) throw new Error(`register: ${registered.status} ${await registered.text()}`);
  const signedIn = await fetch(`${on.signIn.base}/api/auth/login`, { method: 'POST', headers: JSON_HEADERS, body: JSON.stringify({ email, password }) });
  if (signedIn.status !== 200) throw new Error(`login: ${signedIn.status} ${await signedIn.text()}`);
  const { id: userId } = (await signedIn.json()) as { id: string };
  const cookie = signedIn.headers.getSetCookie().find((c) => c.startsWith('pq.sid='))!.split(';')[0]!;
  const keys = (await (await fetch(`${on.reveal.base}/api/keys`, { headers: { cookie } })).json()) as { id: number; keyValue: string }[];
  const revealed = await fetch(`${on.reveal.base}/api/keys/${keys[0]!.id}/reveal-secret`, { method: 'POST', headers: { ...JSON_HEADERS, cookie } });
  if (revealed.status !== 200) throw new Error(`reveal: ${revealed.status} ${await revealed.text()}`);
  const { keySecret } = (await revealed.json()) as { keySecret: string };
  return { cookie, userId, apiKey: { 'content-type': 'application/json', 'x-api-key': keys[0]!.keyValue, 'x-api-secret': keySecret } };
}

/** Signs `message` with Dilion on `instance`: the status and the JSON answer (undefined when the connection failed). */
export async function sign(instance: Instance, customer: Customer, message: string, extraHeaders: Record<string, string> = {}): Promise<{ status: number; body: Record<string, unknown> | undefined }> {
  try {
    const response = await fetch(`${instance.base}/api/crypto/dilion/sign`, { method: 'POST', headers: { ...customer.apiKey, ...extraHeaders }, body: JSON.stringify({ message }) });
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  } catch {
    return { status: 0, body: undefined };
  }
}

/** The rows of one query on the instances' database, read over a connection of its own. */
export async function queryDatabase<T>(url: string, sql: string, ...params: unknown[]): Promise<T[]> {
  const database = await openPostgres(url, { max: 1 });
  try {
    return (await database.pool.query(sql, params)).rows as T[];
  } finally {
    await database.close();
  }
}
