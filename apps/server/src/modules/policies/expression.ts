import sqlParser from "node-sql-parser";

const parser = new sqlParser.Parser();
const shapes = new Map<string, string | null>();
const SHAPE_CACHE_MAX = 5000;

/**
 * Reduces an expression to its shape: string literals, quoted identifiers and numbers become
 * placeholders, so expressions that differ only in values are parsed once. Refuses what an
 * expression never holds: statement separators, comments, unterminated quotes.
 */
function shapeOf(expr: string): string {
  let out = "";
  for (let i = 0; i < expr.length;) {
    const ch = expr[i]!;
    if (ch === "'" || ch === '"') {
      let j = i + 1;
      for (;;) {
        if (j >= expr.length) throw new Error(`an unterminated ${ch === "'" ? "string" : "quoted name"}`);
        if (expr[j] === ch) {
          if (expr[j + 1] === ch) {
            j += 2;
            continue;
          }
          break;
        }
        j++;
      }
      out += ch === "'" ? "'s'" : '"c"';
      i = j + 1;
      continue;
    }
    if (ch === ";") throw new Error("a statement separator (;)");
    if (ch === "-" && expr[i + 1] === "-") throw new Error("a comment (--)");
    if (ch === "/" && expr[i + 1] === "*") throw new Error("a comment (/*)");
    if (/[0-9]/.test(ch) && !/[A-Za-z_0-9]/.test(expr[i - 1] ?? "")) {
      let j = i;
      while (j < expr.length && /[0-9.]/.test(expr[j]!)) j++;
      out += "0";
      i = j;
      continue;
    }
    out += ch;
    i++;
  }
  return out.replace(/\s+/g, " ").trim();
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
