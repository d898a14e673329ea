import sqlParser from "node-sql-parser";

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
