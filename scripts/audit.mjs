// Fails CI when a production dependency has a known vulnerability of high or critical severity,
// by the registry's audit endpoint. When the endpoint does not answer (no network, a mirror that
// does not implement it), it says so plainly and passes: an unreachable audit is not a finding.
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

/** What an `npm audit --json` answer means: { ok, lines } (lines to print; ok false fails CI). */
export function verdict(raw) {
  let report;
  try {
    report = JSON.parse(raw);
  } catch {
    return { ok: true, lines: ['Dependency audit NOT RUN: npm audit gave no readable answer.'] };
  }
  if (report.error || report.statusCode || !report.metadata) {
    const why = report.message ?? report.error?.summary ?? 'no answer';
    return { ok: true, lines: [`Dependency audit NOT RUN: the registry's audit endpoint did not answer (${why}).`] };
  }
  const counts = report.metadata.vulnerabilities ?? {};
  const lines = [`Dependency audit (production dependencies): ${JSON.stringify(counts)}`];
  const serious = Object.entries(report.vulnerabilities ?? {}).filter(([, v]) => v.severity === 'high' || v.severity === 'critical');
  for (const [name, v] of serious) lines.push(`  ${v.severity}: ${name} (${v.range})`);
  if (serious.length > 0) lines.push(`Dependency audit FAILED: ${serious.length} high or critical vulnerabilities in production dependencies.`);
  return { ok: serious.length === 0, lines };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  let raw;
  try {
    raw = execFileSync('npm', ['audit', '--omit=dev', '--json'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] });
  } catch (error) {
    // npm audit exits 1 when it finds vulnerabilities; its JSON is still on stdout.
    raw = error.stdout ?? '';
  }
  const { ok, lines } = verdict(raw);
  for (const line of lines) console.log(line);
  process.exit(ok ? 0 : 1);
}
