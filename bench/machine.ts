/** The line that says where figures were measured: without it a recorded run cannot be compared. */
import { cpus, platform, arch } from 'node:os';

export function describeMachine(date = new Date()): string {
  const cores = cpus();
  const model = cores[0]?.model.trim() || 'unknown CPU';
  return `${model}, ${cores.length} logical cores, ${platform()} ${arch()}, Node ${process.version}, ${date.toISOString().slice(0, 10)}`;
}
