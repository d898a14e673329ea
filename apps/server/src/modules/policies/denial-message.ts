/**
 * What Trino refused, read from its access-denied message (io.trino.spi.security.AccessDeniedException:
 * "Access Denied: " and one of its forms, then ": extra info" when the access control adds some).
 * A denied query carries no inputs, so this is where the table and columns come from.
 */
export interface Denial {
  /** The refused action in Trino's words, e.g. "select from columns", "access catalog". */
  action: string;
  catalog: string | null;
  schema: string | null;
  table: string | null;
  columns: string[];
}

type Target = "table" | "schema" | "catalog" | "none";

/** The forms naming a data object, most specific first. `$name` is a qualified name, `$cols` a [a, b] list. */
const FORMS: Array<[action: string, target: Target, pattern: string]> = [
  [
    "select from columns",
    "table",
    "Cannot select from columns \\[$cols\\] in (?:branch \\S+ in )?table(?: or view)? $name",
  ],
  ["update columns", "table", "Cannot update columns \\[$cols\\] in (?:branch \\S+ in )?table $name"],
  ["select from table", "table", "Cannot select from (?:branch \\S+ in )?table $name"],
  ["insert into table", "table", "Cannot insert into (?:branch \\S+ in )?table $name"],
  ["delete from table", "table", "Cannot delete from (?:branch \\S+ in )?table $name"],
  ["truncate table", "table", "Cannot truncate table $name"],
  ["show columns", "table", "Cannot show columns of table $name"],
  ["show create table", "table", "Cannot show create table for $name"],
  ["create table", "table", "Cannot create table $name"],
  ["drop table", "table", "Cannot drop table $name"],
  ["rename table", "table", "Cannot rename table from $name to \\S+"],
  ["set table properties", "table", "Cannot set table properties to $name"],
  ["comment table", "table", "Cannot comment (?:table|view|column|materialized view) to $name"],
  ["add a column", "table", "Cannot add a column to table $name"],
  ["drop a column", "table", "Cannot drop a column from table $name"],
  ["alter a column", "table", "Cannot alter a column for table $name"],
  ["rename a column", "table", "Cannot rename a column in table $name"],
  ["create view", "table", "Cannot create view $name"],
  ["drop view", "table", "Cannot drop view $name"],
  ["rename view", "table", "Cannot rename view from $name to \\S+"],
  ["refresh view", "table", "Cannot refresh view $name"],
  ["create materialized view", "table", "Cannot create materialized view $name"],
  ["refresh materialized view", "table", "Cannot refresh materialized view $name"],
  ["drop materialized view", "table", "Cannot drop materialized view $name"],
  [
    "create view that selects",
    "table",
    "View owner '[^']*' cannot create view that selects from (?:branch \\S+ in )?$name",
  ],
  ["grant privilege", "table", "Cannot (?:grant|deny|revoke) privilege \\S+ on (?:branch \\S+ in )?table $name"],
  ["show tables", "schema", "Cannot show tables of schema $name"],
  ["show create schema", "schema", "Cannot show create schema for $name"],
  ["create schema", "schema", "Cannot create schema $name"],
  ["drop schema", "schema", "Cannot drop schema $name"],
  ["rename schema", "schema", "Cannot rename schema from $name to \\S+"],
  ["grant schema privilege", "schema", "Cannot (?:grant|deny|revoke) privilege \\S+ on schema $name"],
  ["access catalog", "catalog", "Cannot access catalog $name"],
  ["create catalog", "catalog", "Cannot create catalog $name"],
  ["drop catalog", "catalog", "Cannot drop catalog $name"],
  ["show schemas", "none", "Cannot show schemas"],
  ["execute query", "none", "Cannot execute query"],
  ["view query", "none", "Cannot view query"],
  ["kill query", "none", "Cannot kill query"],
  ["read system information", "none", "Cannot read system information"],
  ["set session property", "none", "Cannot set (?:system|catalog) session property \\S+"],
  ["execute function", "none", "Cannot execute function \\S+"],
  ["execute procedure", "none", "Cannot execute procedure \\S+"],
  ["impersonate user", "none", "(?:User \\S+ cannot impersonate user|Principal \\S+ cannot become user) \\S+"],
];

const NAME = '((?:"(?:[^"]|"")+"|[^\\s.":\\[\\]]+)(?:\\.(?:"(?:[^"]|"")+"|[^\\s.":\\[\\]]+)){0,2})';
const COMPILED = FORMS.map(([action, target, pattern]) => ({
  action,
  target,
  re: new RegExp(`^${pattern.replace("$cols", "([^\\]]*)").replace("$name", NAME)}(?::|$)`, "i"),
  hasCols: pattern.includes("$cols"),
}));

/** Splits a possibly quoted a.b.c name into its parts, unquoted. */
export function nameParts(name: string): string[] {
  const parts: string[] = [];
  const re = /"((?:[^"]|"")+)"|([^.]+)/g;
  for (let m = re.exec(name); m; m = re.exec(name)) parts.push(m[1] !== undefined ? m[1].replace(/""/g, '"') : m[2]!);
  return parts;
}

/** The denial a Trino failure message states, or null when it is not an access denial of a known form. */
export function parseDenial(message: string | null | undefined): Denial | null {
  if (!message) return null;
  const text = message.replace(/^.*?Access Denied:\s*/s, "").trim();
  for (const f of COMPILED) {
    const m = f.re.exec(text);
    if (!m) continue;
    const columns = f.hasCols
      ? m[1]!
          .split(",")
          .map((c) => c.trim())
          .filter(Boolean)
      : [];
    const name = f.target === "none" ? [] : nameParts(m[f.hasCols ? 2 : 1]!);
    const out: Denial = { action: f.action, catalog: null, schema: null, table: null, columns };
    // Trino names tables catalog.schema.table, schemas catalog.schema and catalogs alone.
    if (f.target === "table")
      [out.catalog = null, out.schema = null, out.table = null] = name.length === 3 ? name : [null, ...name.slice(-2)];
    else if (f.target === "schema")
      [out.catalog = null, out.schema = null] = name.length === 2 ? name : [null, name[0] ?? null];
    else if (f.target === "catalog") out.catalog = name[0] ?? null;
    return out;
  }
  return null;
}

/**
 * Tables a query's text reads (after FROM and JOIN), qualified with the session's catalog and
 * schema. A best effort: no parser, so names inside strings or comments may be picked up too.
 */
export function tablesInQuery(
  sql: string,
  session: { catalog: string | null; schema: string | null },
): Array<{ catalog: string; schema: string; table: string }> {
  const clean = sql
    .replace(/--[^\n]*/g, " ")
    .replace(/\/\*[\s\S]*?\*\//g, " ")
    .replace(/'(?:[^']|'')*'/g, "''");
  const ident = `(?:"(?:[^"]|"")+"|[A-Za-z_][\\w$]*)`;
  const re = new RegExp(`\\b(?:FROM|JOIN)\\s+(${ident}(?:\\s*\\.\\s*${ident}){0,2})`, "gi");
  const seen = new Map<string, { catalog: string; schema: string; table: string }>();
  for (let m = re.exec(clean); m; m = re.exec(clean)) {
    const parts = nameParts(m[1]!.replace(/\s+/g, "")).map((p) => p.toLowerCase());
    const [catalog, schema, table] =
      parts.length === 3
        ? parts
        : parts.length === 2
          ? [session.catalog, ...parts]
          : [session.catalog, session.schema, parts[0]];
    if (!catalog || !schema || !table) continue;
    seen.set(`${catalog}.${schema}.${table}`, { catalog, schema, table });
  }
  return [...seen.values()];
}
