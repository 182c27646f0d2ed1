/**
 * The metric names a PromQL expression reads, for checking that dashboards and alert rules name
 * only metrics that exist. Enough of PromQL for ours: selectors, functions, aggregations with
 * by/without, binary operators with on/ignoring/group_*, ranges and offsets.
 */
const KEYWORDS = new Set(['by', 'without', 'on', 'ignoring', 'group_left', 'group_right', 'bool', 'and', 'or', 'unless', 'offset', 'inf', 'nan']);

export function metricNames(expr: string): string[] {
  const bare = expr
    .replace(/"(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*'/g, '""') // string literals
    .replace(/\{[^}]*\}/g, ' ') // label matchers
    .replace(/\[[^\]]*\]/g, ' ') // ranges and subqueries
    .replace(/\b(?:by|without|on|ignoring|group_left|group_right)\s*\([^)]*\)/g, ' '); // label lists
  const names = new Set<string>();
  for (const match of bare.matchAll(/([A-Za-z_:][A-Za-z0-9_:]*)\s*(\()?/g)) {
    const [, name, call] = match;
    const before = bare[match.index - 1];
    // A function's name is followed by "("; a number's exponent or unit (1e9, 5m) follows a digit.
    if (call || KEYWORDS.has(name!.toLowerCase()) || (before !== undefined && /[0-9.]/.test(before))) continue;
    names.add(name!);
  }
  return [...names];
}
