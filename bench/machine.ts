/**
 * The lines that say where and on what code figures were measured: without them a recorded run
 * cannot be compared with a later one.
 */
import { execFileSync } from 'node:child_process';
import { arch, cpus, platform } from 'node:os';

export function describeMachine(date = new Date()): string {
  const cores = cpus();
  const model = cores[0]?.model.trim() || 'unknown CPU';
  return `${model}, ${cores.length} logical cores, ${platform()} ${arch()}, Node ${process.version}, ${date.toISOString().slice(0, 10)}`;
}

/**
 * The commit being measured, and whether tracked files in engine/ differ from it (an untracked file
 * reaches the build only through a modified tracked one); empty outside a git checkout.
 */
export function describeCode(): string {
  try {
    const git = (...args: string[]) => execFileSync('git', args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
    const commit = git('rev-parse', '--short', 'HEAD');
    const dirty = git('status', '--porcelain', '--untracked-files=no', '--', 'engine') !== '';
    return `commit ${commit}${dirty ? ' (engine/ has uncommitted changes)' : ''}`;
  } catch {
    return '';
  }
}
