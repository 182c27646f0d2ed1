/**
 * What every native reference of the suite shares (docs/decisions/073): C sources taken from a
 * pinned npm package with `npm pack` (never its install script or addon), compiled with gcc at
 * bench time into bench/.native/ (gitignored), and tools whose failure becomes an Error whose
 * first line says what failed, so that the suite prints it as one `skipped` line.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** Where packages are unpacked and harnesses built. */
export const NATIVE_WORK = fileURLToPath(new URL('../.native/', import.meta.url));

/** Runs a tool; its stdout, or an Error saying `what` failed with the tool's stderr. */
export function runTool(command: string, args: string[], what: string, input?: string, cwd = NATIVE_WORK): string {
  try {
    return execFileSync(command, args, { cwd, encoding: 'utf8', input, stdio: ['pipe', 'pipe', 'pipe'] });
  } catch (error) {
    const detail = (error as { stderr?: string }).stderr?.trim() || (error as Error).message;
    throw new Error(`${what} failed (${command} ${args.join(' ')}):\n${detail}`, { cause: error });
  }
}

/** `npm pack`s `pkg` and extracts only `wanted` (paths inside the tarball) into a fresh `dest`. */
export function fetchNpmSources(pkg: string, dest: string, wanted: string[]): void {
  mkdirSync(NATIVE_WORK, { recursive: true });
  const packed = JSON.parse(runTool('npm', ['pack', pkg, '--json', '--pack-destination', NATIVE_WORK], `fetching ${pkg} from the npm registry`));
  const tarball = join(NATIVE_WORK, packed[0].filename as string);
  rmSync(dest, { recursive: true, force: true });
  mkdirSync(dest, { recursive: true });
  runTool('tar', ['-xzf', tarball, '-C', dest, ...wanted], `unpacking ${tarball}`);
  rmSync(tarball);
}

/** The C the harnesses share (measure.h): a change to it rebuilds every harness. */
const MEASURE_H = fileURLToPath(new URL('./measure.h', import.meta.url));

/** Whether `binary` exists and is newer than its harness, measure.h and any other `inputs`. */
export function isBuilt(binary: string, harness: string, ...inputs: string[]): boolean {
  if (!existsSync(binary)) return false;
  const built = statSync(binary).mtimeMs;
  return [harness, MEASURE_H, ...inputs].every((input) => statSync(input).mtimeMs <= built);
}

/** One line saying why a native part is skipped: the first line of what failed. */
export function skipLine(part: string, error: unknown): string {
  const first = ((error as Error).message ?? String(error)).split('\n')[0];
  return `${part}: skipped (${first})`;
}

/** Throws the suite's one-line reason when gcc is missing. */
export function requireGcc(): void {
  runTool('gcc', ['--version'], 'the native suite compiles C with gcc; looking for gcc', undefined, process.cwd());
}

/** Whether gcc is there (the harness tests skip without it). */
export function hasGcc(): boolean {
  try {
    requireGcc();
    return true;
  } catch {
    return false;
  }
}

/** A libsecp256k1-style tree: its one translation unit (src/secp256k1.c) compiled with a harness. */
export interface Libsecp256k1Build {
  /** The tree's root (with src/ and include/). */
  lib: string;
  harness: string;
  binary: string;
  cflags: string[];
  defines: string[];
  /** Warning flags for code that is not ours. */
  warnings: string[];
  what: string;
}

export function compileLibsecp256k1Tree(b: Libsecp256k1Build): void {
  const includes = [b.lib, join(b.lib, 'src'), join(b.lib, 'include')].map((dir) => `-I${dir}`);
  const args = [...b.cflags, ...b.defines.map((d) => `-D${d}`), ...b.warnings, ...includes, '-o', b.binary, b.harness, join(b.lib, 'src/secp256k1.c')];
  runTool('gcc', args, b.what);
}
