/**
 * How the tests build and run the samples (samples/README.md): each compiled language's toolchain,
 * found on this machine or named with the Debian packages that bring it, and a build into a
 * directory outside the repository's tree, so nothing the compilers write is ever tracked.
 */
import { execFile, spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

const run = promisify(execFile);

export const SAMPLES_DIR = fileURLToPath(new URL('.', import.meta.url));

export type SampleLanguage = 'python' | 'node' | 'rust' | 'cpp' | 'go';
export type CompiledLanguage = 'rust' | 'cpp' | 'go';

/** Where Debian's librust-*-dev packages put their crates; samples/rust/.cargo/config.toml builds from it. */
export const DEBIAN_CRATES = '/usr/share/cargo/registry';
/** The crates the Rust samples use (Cargo.toml), as the directory-name prefixes Debian gives them. */
const CRATES = ['ureq-2.', 'serde_json-1.', 'base64-0.13', 'getrandom-0.2', 'rustls-0.20', 'rustls-native-certs-0.6'];

const succeeds = (command: string, args: string[]) => spawnSync(command, args, { stdio: 'ignore' }).status === 0;

const TOOLCHAINS: Record<Exclude<SampleLanguage, 'node'>, { present: () => boolean; install: string }> = {
  python: { present: () => succeeds('python3', ['--version']), install: 'apt-get install python3' },
  rust: {
    present: () => succeeds('cargo', ['--version']) && existsSync(DEBIAN_CRATES) && CRATES.every((c) => readdirSync(DEBIAN_CRATES).some((d) => d.startsWith(c))),
    install: 'apt-get install cargo librust-ureq-dev librust-serde-json-dev librust-base64-dev librust-getrandom-dev',
  },
  cpp: {
    // Preprocessing both headers proves the compiler finds them, in a fraction of a compile's time.
    present: () => succeeds('g++', ['-E', '-x', 'c++', '-include', 'curl/curl.h', '-include', 'nlohmann/json.hpp', '/dev/null', '-o', '/dev/null']),
    install: 'apt-get install g++ libcurl4-openssl-dev nlohmann-json3-dev',
  },
  go: { present: () => succeeds('go', ['version']), install: 'apt-get install golang-go' },
};

/** Undefined when `lang` can be built and run here; else the line saying what to install. */
export function missingToolchain(lang: SampleLanguage): string | undefined {
  if (lang === 'node') return undefined;
  const toolchain = TOOLCHAINS[lang];
  return toolchain.present() ? undefined : `${lang} sample: no toolchain here (${toolchain.install})`;
}

/**
 * Skips locally, with the one line saying what to install, when `lang` cannot be built; in CI
 * (process.env.CI set) it never skips, and the missing toolchain fails the tests instead.
 */
export function skipWithout(lang: SampleLanguage): boolean {
  const missing = missingToolchain(lang);
  if (missing === undefined || process.env.CI) return false;
  console.warn(`${missing}: skipping`);
  return true;
}

/**
 * Cargo's output for every Rust build of the tests, outside the repository and kept between runs:
 * cargo locks it, so test files building at once take turns and the dependencies (rustls, ring)
 * compile once rather than in each file.
 */
export const CARGO_TARGET_DIR = join(tmpdir(), 'pq-samples-cargo-target');

/**
 * Builds a Rust crate: the files given (relative paths to text) plus samples/rust/.cargo, so it
 * resolves from Debian's crates offline, in `crateDir`. Returns the directory holding the binaries.
 */
export async function buildRust(files: Record<string, string>, crateDir: string, targetDir = CARGO_TARGET_DIR): Promise<string> {
  writeFiles(crateDir, files);
  cpSync(join(SAMPLES_DIR, 'rust', '.cargo'), join(crateDir, '.cargo'), { recursive: true });
  // Cargo reads .cargo/config.toml from its working directory upwards, so it runs in the crate.
  await run('cargo', ['build', '--quiet', '--offline', '--target-dir', targetDir], { cwd: crateDir, timeout: 600_000 });
  return join(targetDir, 'debug');
}

/** Compiles one C++ file as the samples' comment says (g++ -std=c++17 … -lcurl); warnings fail the build. */
export async function buildCpp(source: string, output: string): Promise<string> {
  await run('g++', ['-std=c++17', '-Wall', '-Wextra', '-Werror', '-o', output, source, '-lcurl'], { timeout: 300_000 });
  return output;
}

/**
 * Vets and builds a Go module (standard library only) in `moduleDir` into `output`; go writes
 * nothing beside its sources. No VCS stamp: a CI checkout owned by another user makes git refuse.
 */
export async function buildGo(moduleDir: string, output: string): Promise<string> {
  await run('go', ['vet', '.'], { cwd: moduleDir, timeout: 300_000 });
  await run('go', ['build', '-buildvcs=false', '-o', output, '.'], { cwd: moduleDir, timeout: 300_000 });
  return output;
}

export function writeFiles(dir: string, files: Record<string, string>): void {
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(join(dir, path, '..'), { recursive: true });
    writeFileSync(join(dir, path), text);
  }
}
