/**
 * A self-hoster's first minutes over HTTP, on a server someone started: sign up, sign in, reveal
 * the first API key's secret, sign with Dilion and verify (and refuse another message). The single
 * executable's test walks it (scripts/build-binary.test.ts), and `.ci/run` runs it as a command on
 * the machine's own Node.js, since CI runs the suite on the embedded Node 24 (README.md "Quick start"):
 *
 *   tsx scripts/smoke.ts    starts the server from source as `npm start` does, on a free port in
 *                           an empty data folder, walks the steps, stops it with SIGTERM
 */
import { spawn, execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from './free-port.ts';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

export class SmokeError extends Error {
  readonly code = 'smoke_failed';
}

function check(condition: boolean, what: string): asserts condition {
  if (!condition) throw new SmokeError(what);
}

/** Resolves once `base` answers /api/health; rejects when `exited` says the server stopped first or after `timeoutMs`. */
export async function waitForHealth(base: string, exited: () => number | null, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await fetch(`${base}/api/health`).then((r) => r.ok, () => false))) {
    if (exited() !== null) throw new SmokeError(`the server exited with ${exited()} before it answered /api/health`);
    if (Date.now() > deadline) throw new SmokeError(`${base}/api/health did not answer within ${timeoutMs / 1000} s`);
    await new Promise((tick) => setTimeout(tick, 100));
  }
}

/** The walk itself: throws a SmokeError naming the first step that did not answer as it should. */
export async function signAndVerify(base: string): Promise<void> {
  const json = { origin: base, 'content-type': 'application/json' };
  const account = { email: 'self@example.com', password: 'a long enough password' };
  const registered = await fetch(`${base}/api/auth/register`, { method: 'POST', headers: json, body: JSON.stringify({ ...account, firstName: 'Self', lastName: 'Hoster' }) });
  check(registered.status === 202, `sign-up answered ${registered.status}`);
  const signedIn = await fetch(`${base}/api/auth/login`, { method: 'POST', headers: json, body: JSON.stringify(account) });
  check(signedIn.status === 200, `sign-in answered ${signedIn.status}`);
  const cookie = signedIn.headers.getSetCookie().find((c) => c.startsWith('pq.sid='))?.split(';')[0];
  check(cookie !== undefined, 'sign-in set no session cookie');
  const [key] = (await (await fetch(`${base}/api/keys`, { headers: { ...json, cookie } })).json()) as { id: number; keyValue: string }[];
  check(key !== undefined, 'a new account has no API key');
  const revealed = await fetch(`${base}/api/keys/${key.id}/reveal-secret`, { method: 'POST', headers: { ...json, cookie } });
  check(revealed.status === 200, `revealing the key's secret answered ${revealed.status}`);
  const { keySecret } = (await revealed.json()) as { keySecret: string };
  const apiKey = { 'content-type': 'application/json', 'x-api-key': key.keyValue, 'x-api-secret': keySecret };
  const signed = await fetch(`${base}/api/crypto/dilion/sign`, { method: 'POST', headers: apiKey, body: JSON.stringify({ message: 'from one file', sid: 'home' }) });
  check(signed.status === 200, `signing answered ${signed.status}`);
  const signature = (await signed.json()) as { publicKey: string; signature: { encoded: string } };
  const verify = async (message: string) => {
    const body = JSON.stringify({ message, sid: 'home', signature: signature.signature.encoded, publicKey: signature.publicKey });
    return ((await (await fetch(`${base}/api/crypto/dilion/verify`, { method: 'POST', headers: apiKey, body })).json()) as { valid?: boolean }).valid;
  };
  check((await verify('from one file')) === true, 'the signature did not verify');
  check((await verify('from another file')) === false, 'the signature verified another message');
}

async function main(): Promise<void> {
  execFileSync(process.execPath, ['scripts/ensure-built.mjs', '--web'], { cwd: ROOT, stdio: 'inherit' });
  const dir = mkdtempSync(join(tmpdir(), 'pq-smoke-'));
  const port = await freePort();
  const env = { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: join(dir, 'data'), ENGINE_WORKERS: '1', LOG_LEVEL: 'warn', SHUTDOWN_DELAY_SECONDS: '0' };
  const server = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], { cwd: ROOT, env, stdio: ['ignore', 'inherit', 'inherit'] });
  const exited = new Promise<number | null>((resolve) => server.on('exit', (code) => resolve(code)));
  let code: number | null;
  try {
    const base = `http://127.0.0.1:${port}`;
    await waitForHealth(base, () => server.exitCode);
    await signAndVerify(base);
  } finally {
    server.kill('SIGTERM');
    code = await exited;
    rmSync(dir, { recursive: true, force: true });
  }
  if (code !== 0) throw new SmokeError(`the server exited with ${code} on SIGTERM`);
  console.log(`smoke: started, signed and verified on node ${process.version}`);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  await main().catch((error: unknown) => {
    console.error(`smoke: ${(error as Error).message}`);
    process.exitCode = 1;
  });
}
