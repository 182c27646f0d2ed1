// A diagnostic preload for the soak (bench/README.md, "Load and soak"): in every Node process it
// is loaded into, run with --expose-gc, it forces a full garbage collection every GC_PROBE_MS
// (default 30 s) and prints the memory left after it to stderr. A leak shows as heapUsed or
// external growing from line to line; V8 merely growing its heap between collections does not.
//   NODE_OPTIONS="--expose-gc --import ./bench/load/gc-probe.mjs" npm run bench -- load --soak
import { isMainThread } from 'node:worker_threads';

if (isMainThread && typeof global.gc === 'function') {
  const started = Date.now();
  const mb = (bytes) => (bytes / 1e6).toFixed(1);
  setInterval(() => {
    global.gc();
    const m = process.memoryUsage();
    const seconds = ((Date.now() - started) / 1000).toFixed(0);
    process.stderr.write(`gc-probe pid=${process.pid} t=${seconds}s rss=${mb(m.rss)}MB heapUsed=${mb(m.heapUsed)}MB external=${mb(m.external)}MB\n`);
  }, Number(process.env.GC_PROBE_MS) || 30_000).unref();
}
