import {
  LIST_CONDITIONS,
  typeGroupOf,
  VALUE_PATTERNS,
  VALUELESS_CONDITIONS,
  type ColumnMask,
  type FilterCondition,
  type MaskKind,
} from "@console/contracts";

/** A policy value that cannot become SQL; names the field so the form can show it. */
export class PolicyProblem extends Error {
  constructor(
    readonly field: string,
    message: string,
  ) {
    super(message);
  }
}

/** A double-quoted SQL identifier; quotes inside are doubled, so a name can never end it early. */
export const ident = (name: string) => `"${name.replaceAll('"', '""')}"`;
/** A single-quoted SQL string literal; quotes inside are doubled. */
export const str = (value: string) => `'${value.replaceAll("'", "''")}'`;
/** A Java/JS regular expression matching exactly this name (Trino matches names against regexes). */
export const exactRegex = (name: string) => name.replace(/[\\^$.*+?()[\]{}|]/g, "\\$&");

const ARABIC_INDIC = /[\u0660-\u0669\u06F0-\u06F9]/g;
/** Arabic-Indic and Eastern Arabic-Indic digits to ASCII (spec: integers accept them). */
export const asciiDigits = (v: string) =>
  v.replace(ARABIC_INDIC, (d) => String(((d.codePointAt(0)! - 0x0660) % 0x90) % 16));

/** One value typed by a user, as a literal of the column's type; anything else is refused. */
export function literal(dataType: string, raw: string, field: string): string {
  const group = typeGroupOf(dataType);
  const value = raw.trim();
  if (!VALUE_PATTERNS[group].test(value))
    throw new PolicyProblem(field, `"${raw}" is not a valid ${group} value for a column of type ${dataType}`);
  switch (group) {
    case "integer":
    case "decimal":
      return asciiDigits(value);
    case "boolean":
      return value.toLowerCase() === "true" ? "TRUE" : "FALSE";
    case "datetime":
      return /^date$/i.test(dataType) || value.length === 10
        ? `DATE ${str(value.slice(0, 10))}`
        : `TIMESTAMP ${str(value)}`;
    default:
      return str(value);
  }
}

const OPERATORS: Partial<Record<FilterCondition, string>> = {
  "=": "=",
  "!=": "<>",
  ">": ">",
  ">=": ">=",
  "<": "<",
  "<=": "<=",
};

/** One condition on a column, with the value the user typed turned into literals (spec: row filter values). */
export function condition(column: string, dataType: string, cond: FilterCondition, raw: string, field: string): string {
  const col = ident(column);
  if (VALUELESS_CONDITIONS.includes(cond)) return `${col} ${cond}`;
  if (!raw.trim()) throw new PolicyProblem(field, `a value is required for ${cond}`);
  if (LIST_CONDITIONS.includes(cond)) {
    const items = raw
      .split(",")
      .map((v) => v.trim())
      .filter(Boolean);
    if (items.length === 0) throw new PolicyProblem(field, `a list of values is required for ${cond}`);
    return `${col} ${cond} (${items.map((v) => literal(dataType, v, field)).join(", ")})`;
  }
  if (cond === "LIKE") {
    // What was typed is the pattern: `%` and `_` are its wildcards, and none is added; a value
    // without them matches only itself (docs/policies.md, "Masks and row filters").
    return `${col} LIKE ${str(raw.trim())}`;
  }
  const op = OPERATORS[cond];
  if (!op) throw new PolicyProblem(field, `${cond} is not a known condition`);
  return `${col} ${op} ${literal(dataType, raw, field)}`;
}

const KIND_TYPES: Record<MaskKind, RegExp | null> = {
  restrict: null,
  nullify: null,
  showLast4: /^text$/,
  showFirst4: /^text$/,
  hash: /^(text|integer)$/,
  capitalize: /^text$/,
  lowerCase: /^text$/,
  scramble: /^text$/,
  nationalId: /^text$/,
  dateTruncYear: /^datetime$/,
  dateTruncMonth: /^datetime$/,
  dateTruncDay: /^datetime$/,
  round: /^decimal$/,
  maskNumber: /^(integer|decimal)$/,
};

/** The expression of a predefined mask kind on a column; its result has the column's type. */
export function maskExpression(kind: MaskKind, column: string, dataType: string, field: string): string {
  const allowed = KIND_TYPES[kind];
  if (allowed === undefined) throw new PolicyProblem(field, `${kind} is not a known mask`);
  const group = typeGroupOf(dataType);
  if (allowed && !allowed.test(group))
    throw new PolicyProblem(field, `the ${kind} mask does not apply to a ${dataType} column`);
  const c = ident(column);
  const text = group === "text" && !/^varchar/.test(dataType) ? `CAST(${c} AS varchar)` : c;
  // Trino refuses a mask whose type is not exactly the column's, varchar(n) against varchar
  // included (trinodb/trino#15819): every expression but one on a plain varchar ends in a cast.
  const back = (e: string) => (dataType === "varchar" ? e : `CAST(${e} AS ${dataType})`);
  switch (kind) {
    case "restrict":
    case "nullify":
      return `CAST(NULL AS ${dataType})`;
    case "showLast4":
      return back(`regexp_replace(${text}, '.(?=.{4})', 'X')`);
    case "showFirst4":
      return back(`regexp_replace(${text}, '(?<=.{4}).', 'X')`);
    case "hash":
      return group === "integer"
        ? `CAST(from_big_endian_64(substr(sha256(to_big_endian_64(CAST(${c} AS bigint))), 1, 8)) AS ${dataType})`
        : back(`to_hex(sha256(to_utf8(${text})))`);
    case "capitalize":
      return back(`upper(substr(${text}, 1, 1)) || lower(substr(${text}, 2))`);
    case "lowerCase":
      return back(`lower(${text})`);
    case "scramble":
      return back(`array_join(shuffle(split(${text}, '')), '')`);
    case "nationalId":
      return back(`regexp_replace(${text}, '[0-9](?=(?:[^0-9]*[0-9]){4})', 'X')`);
    case "dateTruncYear":
      return `CAST(date_trunc('year', ${c}) AS ${dataType})`;
    case "dateTruncMonth":
      return `CAST(date_trunc('month', ${c}) AS ${dataType})`;
    case "dateTruncDay":
      return `CAST(date_trunc('day', ${c}) AS ${dataType})`;
    case "round":
      return `CAST(round(${c}) AS ${dataType})`;
    case "maskNumber":
      return `CAST(0 AS ${dataType})`;
  }
}

/**
 * A column mask as Trino receives it: `allow: false` for restrict, else a mask expression.
 * A dynamic mask applies its kind only to rows meeting all its conditions (CASE).
 */
export function compileMask(m: ColumnMask, field: string): { allow: false } | { mask: string } {
  if (m.type === "custom") return { mask: m.mask };
  const kind = m.mask as MaskKind;
  if (m.type === "predefine") {
    if (kind === "restrict") {
      maskExpression(kind, m.name, m.columnDataType, `${field}.mask`);
      return { allow: false };
    }
    return { mask: maskExpression(kind, m.name, m.columnDataType, `${field}.mask`) };
  }
  if (m.conditions.length === 0) throw new PolicyProblem(`${field}.conditions`, "a dynamic mask needs a condition");
  const when = m.conditions
    .map((c, i) => condition(c.column, c.columnDataType, c.condition, c.value, `${field}.conditions.${i}.value`))
    .join(" AND ");
  const masked = maskExpression(kind === "restrict" ? "nullify" : kind, m.name, m.columnDataType, `${field}.mask`);
  return { mask: `CASE WHEN ${when} THEN ${masked} ELSE ${ident(m.name)} END` };
}
