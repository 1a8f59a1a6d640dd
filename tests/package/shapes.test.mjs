// The structured answers that cross the boundary (serde-wasm-bindgen, src/data.rs) are
// what the package's declarations say they are: each answer is checked, member by member
// and recursively, against its interface in the shipped pkg/index.d.ts, read with the
// TypeScript compiler. A field renamed, added or dropped on one side fails here.
import assert from "node:assert/strict";
import { dirname, join } from "node:path";
import { test } from "node:test";
import { fileURLToPath } from "node:url";
import ts from "typescript";
import { Chess } from "chess960";

const root = join(dirname(fileURLToPath(import.meta.url)), "..", "..");
const dts = join(root, "pkg", "index.d.ts");
const program = ts.createProgram([dts], { strict: true, exactOptionalPropertyTypes: true, noEmit: true });
const checker = program.getTypeChecker();
const file = program.getSourceFile(dts);

/** The declared type named `name` in the package's .d.ts. */
function declared(name) {
  let found;
  ts.forEachChild(file, (n) => {
    if ((ts.isInterfaceDeclaration(n) || ts.isTypeAliasDeclaration(n) || ts.isClassDeclaration(n)) && n.name?.text === name) found = n;
  });
  assert.ok(found, `${name} is declared in pkg/index.d.ts`);
  return checker.getTypeAtLocation(found.name);
}

/** Problems of `value` against `type` (empty when it conforms), at `path`. */
function check(value, type, path, out = []) {
  if (type.isUnion()) {
    const tries = type.types.map((t) => check(value, t, path, []));
    if (!tries.some((p) => p.length === 0)) out.push(`${path}: ${show(value)} is none of ${checker.typeToString(type)} (${tries.flat().join("; ")})`);
    return out;
  }
  const f = type.flags;
  if (f & ts.TypeFlags.Any || f & ts.TypeFlags.Unknown) return out;
  if (f & ts.TypeFlags.StringLiteral) return value === type.value ? out : [...out, `${path}: ${show(value)} is not "${type.value}"`];
  if (f & ts.TypeFlags.NumberLiteral) return value === type.value ? out : [...out, `${path}: ${show(value)} is not ${type.value}`];
  if (f & ts.TypeFlags.BooleanLiteral) return value === (checker.typeToString(type) === "true") ? out : [...out, `${path}: ${show(value)}`];
  if (f & ts.TypeFlags.String) return typeof value === "string" ? out : [...out, `${path}: ${show(value)} is not a string`];
  if (f & ts.TypeFlags.Number) return typeof value === "number" ? out : [...out, `${path}: ${show(value)} is not a number`];
  if (f & ts.TypeFlags.Boolean) return typeof value === "boolean" ? out : [...out, `${path}: ${show(value)} is not a boolean`];
  if (f & ts.TypeFlags.Null) return value === null ? out : [...out, `${path}: ${show(value)} is not null`];
  if (f & ts.TypeFlags.Undefined) return value === undefined ? out : [...out, `${path}: ${show(value)} is not undefined`];
  if (checker.isArrayType(type)) {
    if (!Array.isArray(value)) return [...out, `${path}: ${show(value)} is not an array`];
    const [item] = checker.getTypeArguments(type);
    value.forEach((v, i) => check(v, item, `${path}[${i}]`, out));
    return out;
  }
  if (typeof value !== "object" || value === null || Array.isArray(value)) return [...out, `${path}: ${show(value)} is not an object`];
  // Every own key is declared (a class's getters and methods live on its prototype).
  const index = type.getStringIndexType();
  const props = checker.getPropertiesOfType(type);
  if (index && props.length === 0) {
    for (const [k, v] of Object.entries(value)) check(v, index, `${path}.${k}`, out);
    return out;
  }
  const names = new Set(props.map((p) => p.name));
  for (const k of Object.keys(value)) if (!names.has(k)) out.push(`${path}.${k}: not declared`);
  for (const p of props) {
    if (p.name.startsWith("#")) continue; // a class's private fields: not part of the shape
    const optional = (p.flags & ts.SymbolFlags.Optional) !== 0;
    if (checker.getTypeOfSymbol(p).getCallSignatures().length > 0) {
      if (typeof value[p.name] !== "function") out.push(`${path}.${p.name}: not a method`);
      continue;
    }
    if (!(p.name in value)) {
      if (!optional) out.push(`${path}.${p.name}: missing`);
      continue;
    }
    check(value[p.name], checker.getTypeOfSymbol(p), `${path}.${p.name}`, out);
  }
  return out;
}

const show = (v) => (typeof v === "string" ? JSON.stringify(v) : typeof v === "object" ? JSON.stringify(v)?.slice(0, 60) : String(v));

function conforms(value, typeName, what) {
  const problems = check(value, declared(typeName), what);
  assert.deepEqual(problems, [], `${what} against ${typeName}:\n${problems.slice(0, 10).join("\n")}`);
}

/** The return type of method `method` of class `cls`. */
function returns(cls, method) {
  const sym = checker.getPropertyOfType(declared(cls), method);
  assert.ok(sym, `${cls}.${method} is declared`);
  const sig = checker.getTypeOfSymbol(sym).getCallSignatures().at(-1);
  return checker.getReturnTypeOfSignature(sig);
}

function conformsToReturn(value, cls, method) {
  const problems = check(value, returns(cls, method), `${method}()`);
  assert.deepEqual(problems, [], `${cls}.${method}():\n${problems.slice(0, 10).join("\n")}`);
}

const ANNOTATED = `[Event "Shapes"]
[White "A"]
[Black "B"]
[Result "1-0"]

{Start [%csl Gd4]} 1. e4 {[%clk 0:03:00] [%eval 0.3,18] [%cal Ge2e4,Rd7d5]} 1... e5 $1
(1... c5 {Sicilian [%eval #-4]} 2. Nf3 (2. c3) d6) 2. Nf3 {[%foo bar]} Nc6 3. Bb5 a6 1-0`;

test("tree() is the declared PgnGame, every node a PgnNode, down the variations", () => {
  const tree = Chess.fromPgn(ANNOTATED).tree();
  conforms(tree, "PgnGame", "tree()");
  // The optional members are exercised: a clock, both kinds of eval, arrows, circles.
  const first = tree.moves[0];
  assert.equal(first.clock, 180);
  assert.deepEqual(first.eval, { pawns: 0.3, depth: 18 });
  assert.deepEqual(first.arrows, [
    { from: "e2", to: "e4", color: "green" },
    { from: "d7", to: "d5", color: "red" },
  ]);
  assert.deepEqual(tree.circles, [{ square: "d4", color: "green" }]);
  assert.deepEqual(tree.moves[1].variations[0][0].eval, { mate: -4 });
  assert.deepEqual(tree.moves[2].commands, [{ name: "foo", value: "bar" }]);
  conforms(Chess.chess9().tree(), "PgnGame", "tree() of a Chess-9 game");
});

test("seal() and getComments(), header() and getHeaders(), board(), resolve() answer what their declarations say", () => {
  const g = Chess.fromPgn(ANNOTATED);
  conformsToReturn(g.getComments(), "Chess", "getComments");
  conformsToReturn(g.header(), "Chess", "header");
  conformsToReturn(g.getHeaders(), "Chess", "getHeaders");
  conformsToReturn(g.board(), "Chess", "board");
  const live = new Chess();
  live.move("e4");
  const envelope = live.seal("e5", { whiteTimeMs: 1000, blackTimeMs: 2000, drawOffer: true, resumption: { date: "2026.12.03" } });
  conforms(envelope, "Envelope", "seal()");
  conformsToReturn(new Chess("4k3/8/8/8/8/8/8/4K2R w K - 0 1").resolve("e1", "g1"), "Chess", "resolve");
  conformsToReturn(Chess.chess9().resolve("e8", "c8"), "Chess", "resolve");
});

test("a Move's own fields are chess.js's, plain data in chess.js's order; the extras are on the prototype", () => {
  const g = new Chess("4k3/8/8/8/8/8/8/4K2R w K - 0 1");
  const m = g.move("O-O");
  assert.deepEqual(Object.keys(m), ["color", "from", "to", "piece", "captured", "promotion", "flags", "san", "lan", "before", "after"]);
  for (const k of Object.keys(m)) assert.equal(typeof Object.getOwnPropertyDescriptor(m, k).get, "undefined", `${k} is data`);
  assert.deepEqual([m.uci, m.castle, m.rookFrom, m.rookTo], ["e1g1", "king", "h1", "f1"]);
  assert.deepEqual(JSON.parse(JSON.stringify(m)), { color: "w", from: "e1", to: "g1", piece: "k", flags: "k", san: "O-O", lan: "e1g1", before: "4k3/8/8/8/8/8/8/4K2R w K - 0 1", after: "4k3/8/8/8/8/8/8/5RK1 b - - 1 1" });
});
