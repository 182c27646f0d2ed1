/**
 * The naming rule of the engine's elliptic-curve code (docs/decisions/043-engine-test-build-and-constant-time-code.md):
 * in engine/assembly/secp256k1 and engine/assembly/zkfidna, a function whose running time or memory
 * accesses may depend on its inputs ends in `Var`, as secp256k1/field.ts states for its own; every
 * other function there is constant time, so a reader knows from a call which kind it makes.
 *
 * A heuristic finds functions that break it. A value is tainted when it is a parameter, a local
 * computed from a tainted value, or one of the module's scratch buffers (its upper-case constants
 * not typed i32) passed to a call together with a tainted argument (the engine's functions return
 * results through pointers). A function
 * without the suffix is reported when an `if`, `while`, `do` or `?:` condition reads a tainted
 * value, or when it indexes a table by one (a tainted value times an element size). Not reported:
 * - parameters typed i32 (PUBLIC_TYPE below);
 * - an `if` whose only effect is to refuse (return a constant, or `continue` to the next candidate,
 *   after untainted clean-up calls): the caller sees the refusal anyway, so the branch reveals
 *   nothing the output does not;
 * - the functions of ALLOWED, each with its reason.
 * It reads each function alone: a function that calls a Var function is not itself required to end
 * in Var (a verifier, say, whose inputs are all public).
 */
import { readdirSync, readFileSync } from 'node:fs';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const ASSEMBLY = new URL('assembly/', import.meta.url);
const FOLDERS = ['secp256k1', 'zkfidna'];

/**
 * Parameters of this type are public by the engine's convention: lengths, counts, indices into
 * public tables, circuit ids, modes and the public balance verdict. Every export takes its
 * arguments as i32 (docs/decisions/018-wasm-boundary.md); secret scalars and field elements travel
 * by pointer (usize), secret bits and digits as u32, secret amounts as u64.
 */
const PUBLIC_TYPE = 'i32';

/** Functions that branch on a tainted value and are constant time in every secret nonetheless. */
const ALLOWED: Record<string, string> = {
  'secp256k1/arena.ts reserve': 'its size is a constant of the caller, which reserves scratch memory once',
  'secp256k1/h2c.ts poly': "`monic` is fixed at each of isoMap's four calls; hash-to-curve sees public inputs only",
  'secp256k1/rfc6979.ts rekey':
    "`x` is the key's address or 0, fixed by the step of RFC 6979 section 3.2 that calls it (step h.3 re-keys without the key); the key's bytes are hashed, never branched on",
  'secp256k1/sec1.ts sec1Serialize': '`compressed` is the encoding the caller chose, not data',
  'zkfidna/circuits.ts prove':
    "branches on the balance verdict y >= x, which the proof states in public (its result byte), and on the length attempt() returns, public too",
  'zkfidna/ipp.ts commitHalf': '`left` is fixed at each of its two calls (L and R)',
};

const UPPER = /^[A-Z][A-Z0-9_]*$/;
const ELEMENT_SIZE = /^[A-Z][A-Z0-9_]*(SIZE|STRIDE)$/;

/** The rule's findings for one source file, as `file function: what`. */
export function findings(name: string, source: string): string[] {
  const file = ts.createSourceFile(name, source, ts.ScriptTarget.Latest, true);
  const text = (node: ts.Node) => node.getText(file).replace(/\s+/g, ' ');
  const scratch = new Set<string>();
  for (const statement of file.statements) {
    if (ts.isVariableStatement(statement) && statement.declarationList.flags & ts.NodeFlags.Const) {
      // A constant typed i32 is a count, as a parameter of that type is public; buffers are usize.
      for (const d of statement.declarationList.declarations) {
        if (ts.isIdentifier(d.name) && UPPER.test(d.name.text) && d.type?.getText(file) !== PUBLIC_TYPE) scratch.add(d.name.text);
      }
    }
  }
  const found: string[] = [];
  for (const fn of file.statements) {
    if (!ts.isFunctionDeclaration(fn) || !fn.body || !fn.name) continue;
    const fname = fn.name.text;
    if (/^var[A-Z]/.test(fname)) found.push(`${name} ${fname}: says Var as a prefix; the rule is a suffix`);
    if (fname.endsWith('Var')) continue;
    const tainted = new Set(fn.parameters.filter((p) => p.type?.getText(file) !== PUBLIC_TYPE).map((p) => p.name.getText(file)));
    const reads = (node: ts.Node): boolean => (ts.isIdentifier(node) && tainted.has(node.text)) || ts.forEachChild(node, reads) === true;
    // Taint flows forward through locals and scratch buffers until nothing changes.
    for (let size = -1; size !== tainted.size; ) {
      size = tainted.size;
      const flow = (node: ts.Node): void => {
        if (ts.isVariableDeclaration(node) && node.initializer && ts.isIdentifier(node.name) && reads(node.initializer)) tainted.add(node.name.text);
        if (ts.isBinaryExpression(node) && ts.isIdentifier(node.left) && isAssignment(node.operatorToken.kind) && reads(node.right)) tainted.add(node.left.text);
        if (ts.isCallExpression(node) && node.arguments.some(reads)) {
          for (const a of node.arguments) if (ts.isIdentifier(a) && scratch.has(a.text)) tainted.add(a.text);
        }
        ts.forEachChild(node, flow);
      };
      flow(fn.body);
    }
    const refuses = (statement: ts.Statement): boolean => {
      const list = ts.isBlock(statement) ? [...statement.statements] : [statement];
      const last = list.pop();
      const cleanUp = list.every((s) => ts.isExpressionStatement(s) && ts.isCallExpression(s.expression) && !reads(s.expression));
      const constant = (e: ts.Expression | undefined) =>
        e === undefined ||
        ts.isLiteralExpression(e) ||
        e.kind === ts.SyntaxKind.TrueKeyword ||
        e.kind === ts.SyntaxKind.FalseKeyword ||
        (ts.isIdentifier(e) && UPPER.test(e.text)) ||
        (ts.isPrefixUnaryExpression(e) && ts.isLiteralExpression(e.operand));
      return cleanUp && last !== undefined && ((ts.isReturnStatement(last) && constant(last.expression)) || ts.isContinueStatement(last));
    };
    const report = (what: string) => found.push(`${name} ${fname}: ${what}`);
    const visit = (node: ts.Node): void => {
      if (ts.isIfStatement(node) && reads(node.expression) && !(node.elseStatement === undefined && refuses(node.thenStatement))) {
        report(`branches on ${text(node.expression)}`);
      }
      if ((ts.isWhileStatement(node) || ts.isDoStatement(node)) && reads(node.expression)) report(`loops on ${text(node.expression)}`);
      if (ts.isConditionalExpression(node) && reads(node.condition)) report(`branches on ${text(node.condition)}`);
      if (ts.isBinaryExpression(node) && node.operatorToken.kind === ts.SyntaxKind.AsteriskToken) {
        const [a, b] = [node.left, node.right];
        if ((reads(a) && ELEMENT_SIZE.test(text(b))) || (reads(b) && ELEMENT_SIZE.test(text(a)))) report(`indexes a table by ${text(node)}`);
      }
      ts.forEachChild(node, visit);
    };
    visit(fn.body);
  }
  return found;
}

function isAssignment(kind: ts.SyntaxKind): boolean {
  return kind >= ts.SyntaxKind.FirstAssignment && kind <= ts.SyntaxKind.LastAssignment;
}

const sources = FOLDERS.flatMap((folder) =>
  readdirSync(new URL(`${folder}/`, ASSEMBLY))
    .filter((f) => f.endsWith('.ts'))
    .map((f) => ({ name: `${folder}/${f}`, source: readFileSync(new URL(`${folder}/${f}`, ASSEMBLY), 'utf8') })),
);
const all = sources.flatMap(({ name, source }) => findings(name, source));
const key = (finding: string) => finding.slice(0, finding.indexOf(':'));

describe('variable-time functions in engine/assembly/secp256k1 and zkfidna end in Var', () => {
  it('reads every file of both folders', () => {
    expect(sources.length).toBeGreaterThanOrEqual(30);
    expect(sources.map((s) => s.name)).toEqual(expect.arrayContaining(['secp256k1/addvar.ts', 'secp256k1/complete.ts', 'zkfidna/transcript.ts']));
  });

  it('finds no function that branches on, or indexes a table by, its inputs without the suffix', () => {
    expect(all.filter((f) => !Object.hasOwn(ALLOWED, key(f)))).toEqual([]);
  });

  it('allows only functions that still need it, each with its reason', () => {
    const used = new Set(all.map(key));
    expect(Object.keys(ALLOWED).filter((k) => !used.has(k))).toEqual([]);
    expect(Object.values(ALLOWED).filter((reason) => reason.length < 30)).toEqual([]);
  });
});

describe('the heuristic', () => {
  const FIXTURE = `
const E: usize = memory.data(80, 16);
const ZI: usize = memory.data(40, 16);

export function condNegate(r: usize, a: usize, bit: u32): void {
  if (bit != 0) feNeg(r, a, 1);
}

function pick(table: usize, k: usize): void {
  const d = load<u8>(k) & 7;
  memory.copy(E, table + <usize>d * GE_SIZE, GE_SIZE);
}

function pickVar(table: usize, k: usize): void {
  const d = load<u8>(k) & 7;
  memory.copy(E, table + <usize>d * GE_SIZE, GE_SIZE);
}

function isIdentity(p: usize): bool {
  feCopy(ZI, p + 80);
  feNormalize(ZI);
  return feIsZero(ZI) != 0 ? true : false;
}

function varSum(r: usize): void {
  gejSetInfinity(r);
}

function condNegateMasked(r: usize, a: usize, bit: u32): void {
  feNeg(T, a, 1);
  feCmov(r, T, bit);
}

function loadKey(sk: usize): bool {
  if (scIsZero(sk) != 0) {
    wipe();
    return false;
  }
  ecmultGen(X, Y, sk);
  return true;
}

function sumAll(r: usize, count: i32): void {
  while (count > 0) count--;
}
`;

  it('reports misnamed functions: a secret branch, a secret table index, a branch through a scratch buffer, a Var prefix', () => {
    expect(findings('fixture.ts', FIXTURE)).toEqual([
      'fixture.ts condNegate: branches on bit != 0',
      'fixture.ts pick: indexes a table by <usize>d * GE_SIZE',
      'fixture.ts isIdentity: branches on feIsZero(ZI) != 0',
      'fixture.ts varSum: says Var as a prefix; the rule is a suffix',
    ]);
  });

  it('fails the rule for a fixture file', () => {
    expect(findings('fixture.ts', FIXTURE).filter((f) => !Object.hasOwn(ALLOWED, key(f)))).not.toEqual([]);
  });

  it('would have reported the names this rule replaced', () => {
    const before = `
export function gejAddGeSigned(r: usize, b: usize, neg: bool): void {
  if (load<u32>(r, 120) != 0) {
    memory.copy(r, b, 80);
    if (neg) feNeg(r + 40, b + 40, 2);
    return;
  }
}
export function varMsm(r: usize, count: i32): void {}
`;
    expect(findings('addvar.ts', before)).toEqual([
      'addvar.ts gejAddGeSigned: branches on load<u32>(r, 120) != 0',
      'addvar.ts gejAddGeSigned: branches on neg',
      'addvar.ts varMsm: says Var as a prefix; the rule is a suffix',
    ]);
  });
});
