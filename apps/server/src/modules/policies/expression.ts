// Trino's grammar alone (the package's build for one dialect): the whole package holds every
// dialect's parser and takes about four times as long to load.
import sqlParser from "node-sql-parser/build/trino.js";

const parser = new sqlParser.Parser();
const shapes = new Map<string, string | null>();
const SHAPE_CACHE_MAX = 5000;

const TOKENS = /'(?:[^']|'')*'|"(?:[^"]|"")*"|(?<![A-Za-z_0-9])[0-9]+(?:\.[0-9]+)?/g;

/**
 * Reduces an expression to its shape: string literals, quoted identifiers and numbers become
 * placeholders, so expressions that differ only in values are parsed once. Refuses what an
 * expression never holds: statement separators, comments, unterminated quotes.
 */
function shapeOf(expr: string): string {
  const shape = expr.replace(TOKENS, (m) => (m[0] === "'" ? "'s'" : m[0] === '"' ? '"c"' : "0"));
  // What is left outside the literals: a quote here was never closed.
  const bare = shape.replace(/'s'|"c"/g, "");
  if (bare.includes("'")) throw new Error("an unterminated string");
  if (bare.includes('"')) throw new Error("an unterminated quoted name");
  if (bare.includes(";")) throw new Error("a statement separator (;)");
  if (bare.includes("--")) throw new Error("a comment (--)");
  if (bare.includes("/*")) throw new Error("a comment (/*)");
  return shape.replace(/\s+/g, " ").trim();
}

function parses(sql: string): boolean {
  try {
    const ast = parser.astify(sql, { database: "trino" });
    return !Array.isArray(ast) || ast.length === 1;
  } catch {
    return false;
  }
}

/**
 * Checks that `expr` is one SQL expression: a column mask (`kind: "mask"`, a value) or a row
 * filter (a condition). Returns null when it is, else why not.
 */
export function checkExpression(expr: string, kind: "mask" | "filter"): string | null {
  // The same text comes back often (a mask on many tables; every expression again when the
  // compiled rules are validated): its verdict is kept by the exact text.
  const known = (kind === "mask" ? masksSeen : filtersSeen).get(expr);
  if (known !== undefined) return known;
  const verdict = judge(expr, kind);
  const seen = kind === "mask" ? masksSeen : filtersSeen;
  if (seen.size >= TEXT_CACHE_MAX) seen.clear();
  seen.set(expr, verdict);
  return verdict;
}

const TEXT_CACHE_MAX = 100_000;
const masksSeen = new Map<string, string | null>();
const filtersSeen = new Map<string, string | null>();

function judge(expr: string, kind: "mask" | "filter"): string | null {
  if (!expr.trim()) return "it is empty";
  let shape: string;
  try {
    shape = shapeOf(expr);
  } catch (err) {
    return `it holds ${(err as Error).message}`;
  }
  const key = `${kind}\n${shape}`;
  let verdict = shapes.get(key);
  if (verdict === undefined) {
    const ok = kind === "mask" ? parses(`SELECT ${shape} FROM t`) : parses(`SELECT * FROM t WHERE ${shape}`);
    verdict = ok ? null : "it is not a valid SQL expression";
    if (shapes.size >= SHAPE_CACHE_MAX) shapes.clear();
    shapes.set(key, verdict);
  }
  return verdict;
}

const LITERALS_AND_QUOTED = /'(?:[^']|'')*'|"(?:[^"]|"")*"/g;
const QUOTED_MARK = /^zq_quoted_(\d+)$/;
/** Niladic functions that read like column names. */
const NOT_COLUMNS = new Set([
  "current_user",
  "current_date",
  "current_time",
  "current_timestamp",
  "current_catalog",
  "current_schema",
  "current_path",
  "localtime",
  "localtimestamp",
  "user",
]);

/**
 * The columns an expression names, in lower case (Trino's names), or null when it does not
 * parse (checkExpression says why). Columns of a subquery belong to its own table and are left out.
 */
export function columnsOf(expr: string, kind: "mask" | "filter"): string[] | null {
  // The parser does not read quoted names with doubled quotes: they travel as placeholders.
  const quoted: string[] = [];
  const text = expr.replace(LITERALS_AND_QUOTED, (m) =>
    m[0] === "'" ? m : `zq_quoted_${quoted.push(m.slice(1, -1).replaceAll('""', '"')) - 1}`,
  );
  let root: unknown;
  try {
    const ast = parser.astify(kind === "mask" ? `SELECT ${text} FROM t` : `SELECT * FROM t WHERE ${text}`, {
      database: "trino",
    });
    root = Array.isArray(ast) ? ast[0] : ast;
  } catch {
    return null;
  }
  const found = new Set<string>();
  const visit = (node: unknown): void => {
    if (Array.isArray(node)) return node.forEach(visit);
    if (!node || typeof node !== "object") return;
    const n = node as Record<string, unknown>;
    if (n.type === "select") return;
    if (n.type === "column_ref") {
      const c = n.column as string | { expr?: { value?: unknown } };
      const raw = typeof c === "string" ? c : String(c?.expr?.value ?? "");
      const mark = QUOTED_MARK.exec(raw);
      const name = (mark ? quoted[Number(mark[1])]! : raw).toLowerCase();
      if (name && name !== "*" && (mark || !NOT_COLUMNS.has(name))) found.add(name);
      return;
    }
    for (const [k, v] of Object.entries(n)) if (k !== "tableList" && k !== "columnList") visit(v);
  };
  const r = root as { columns?: unknown; where?: unknown };
  visit(kind === "mask" ? r.columns : r.where);
  return [...found];
}

const canonicalSeen = new Map<string, string>();
const NAME_MARK = "zq_name_";
/** A column name as one identifier the parser reads, the same for any case and quoting. */
const nameMark = (name: string) =>
  `${NAME_MARK}${[...name.toLowerCase()].map((ch) => ch.codePointAt(0)!.toString(16)).join("_")}`;

/**
 * An expression in one spelling, for comparing: parsed, with names in lower case whether quoted
 * or not (Trino's names are), and without redundant parentheses, spacing or keyword case. The
 * text itself when it does not parse, so only equal texts compare equal then.
 */
export function canonicalExpression(expr: string, kind: "mask" | "filter"): string {
  const key = `${kind}\n${expr}`;
  const known = canonicalSeen.get(key);
  if (known !== undefined) return known;
  // A quoted name travels as a marker naming it by its code points (the parser reads no quoted names).
  const text = expr.replace(LITERALS_AND_QUOTED, (m) =>
    m[0] === "'" ? m : nameMark(m.slice(1, -1).replaceAll('""', '"')),
  );
  let out = `text:${expr}`;
  try {
    const ast = parser.astify(kind === "mask" ? `SELECT ${text} FROM t` : `SELECT * FROM t WHERE ${text}`, {
      database: "trino",
    });
    const root = (Array.isArray(ast) ? ast[0] : ast) as { columns?: unknown; where?: unknown };
    out = JSON.stringify(plain(kind === "mask" ? root.columns : root.where));
  } catch {
    // Kept as the text.
  }
  if (canonicalSeen.size >= TEXT_CACHE_MAX) canonicalSeen.clear();
  canonicalSeen.set(key, out);
  return out;
}

/** A parsed expression without what does not change its meaning: parentheses kept by the parser, names' case. */
function plain(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(plain);
  if (!node || typeof node !== "object") return node;
  const n = node as Record<string, unknown>;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(n)) if (k !== "parentheses" && k !== "loc") out[k] = plain(v);
  // Function names and other identifiers are the parser's "default" nodes: Trino reads them in any case.
  if (n.type === "default" && typeof n.value === "string") out.value = n.value.toLowerCase();
  if (n.type === "column_ref") {
    const c = n.column as string | { expr?: { value?: unknown } };
    const raw = typeof c === "string" ? c : String(c?.expr?.value ?? "");
    // A bare current_user and the like is a function, not the column of that name.
    out.column = raw.startsWith(NAME_MARK) || NOT_COLUMNS.has(raw.toLowerCase()) ? raw.toLowerCase() : nameMark(raw);
  }
  return out;
}

/** Whether two masks or row filters (null: none) mean the same, read as parsed expressions. */
export function sameExpression(a: string | null, b: string | null, kind: "mask" | "filter"): boolean {
  if (a === b) return true;
  if (a === null || b === null) return false;
  return canonicalExpression(a, kind) === canonicalExpression(b, kind);
}
