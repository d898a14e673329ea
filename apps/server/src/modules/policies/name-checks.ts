import { ALL, CATALOG_KINDS, DATA_CATEGORIES, TAG_CATEGORIES } from "@console/contracts";
import type { Queryable } from "../../platform/db/index.js";
import { HttpError, UpstreamError } from "../../platform/errors.js";
import type { CompilePolicy } from "./entries.js";
import { columnsOf } from "./expression.js";
import type { Metadata } from "./metadata.js";
import { unknownPrincipals } from "./store.js";

/**
 * Something a policy names that Trino does not have. `missing`: a catalog, schema, table or
 * masked column that does not exist (rules about it are inert). `breaks`: an expression or
 * condition names a column its table lacks, so Trino would fail every query on that table.
 */
export interface NameProblem {
  field: string;
  message: string;
  kind: "missing" | "breaks";
}

export type CheckedPolicy = Pick<
  CompilePolicy,
  | "category"
  | "catalogName"
  | "schemaName"
  | "tables"
  | "columnDetails"
  | "rowFilters"
  | "customRowFilter"
  | "tagTables"
>;

/** Column types by table, then by column name in lower case. */
type Columns = Map<string, Map<string, string>>;

/** A Trino type as one spelling: lower case, no spaces after commas. */
const normal = (t: string) =>
  t
    .trim()
    .toLowerCase()
    .replace(/\s*,\s*/g, ",")
    .replace(/\s+/g, " ");

/**
 * Checks a policy against Trino's catalogue: every catalog, schema and table it names exists,
 * and every column its masks, row filters and custom expressions name exists in each table they
 * apply to. Throws the metadata's error when Trino cannot answer.
 */
export async function metadataProblems(p: CheckedPolicy, meta: Metadata): Promise<NameProblem[]> {
  const out: NameProblem[] = [];
  const missing = (field: string, message: string) => out.push({ field, message, kind: "missing" });
  const breaks = (field: string, message: string) => out.push({ field, message, kind: "breaks" });
  // Queries, impersonation, system information and the like name no catalog.
  // Every Trino has its system catalog, which the metadata the screens offer leaves out.
  if (!CATALOG_KINDS.includes(p.category) || p.catalogName === ALL) return out;
  if (p.catalogName === "system" && !DATA_CATEGORIES.includes(p.category)) return out;
  const c = p.catalogName;
  const catalog = (await meta.lookups()).catalogs.find((x) => x.name === c);
  if (!catalog) {
    missing("catalogName", `catalog ${c} does not exist`);
    return out;
  }
  // Functions and procedures live in schemas Trino may not list (a connector's `system` schema).
  if (!DATA_CATEGORIES.includes(p.category)) return out;
  const tablesOf = new Map(catalog.schemas.map((s) => [s.name, new Set(s.tables.map((t) => t.name))]));
  p.schemaName.forEach((s, i) => {
    if (!tablesOf.has(s)) missing(`schemaName.${i}`, `schema ${c}.${s} does not exist`);
  });
  if (p.category === "catalog" || p.category === "schema") return out;
  const schema = p.schemaName[0];
  if (schema === undefined || !tablesOf.has(schema)) return out;
  const inSchema = tablesOf.get(schema)!;
  const exists = (t: string) => inSchema.has(t);
  if (p.category === "tables")
    p.tables.forEach((t, i) => {
      if (t !== ALL && !exists(t)) missing(`tables.${i}`, `table ${c}.${schema}.${t} does not exist`);
    });

  // The tables the custom row filter applies to, and those masks and filters name.
  const named = [...p.columnDetails.map((m) => m.table), ...p.rowFilters.map((r) => r.table)];
  const targets = TAG_CATEGORIES.includes(p.category)
    ? (p.tagTables?.filter((t) => t.schema === schema).map((t) => t.table) ?? named)
    : p.tables.includes(ALL)
      ? [...inSchema]
      : p.tables;
  const wanted = [...new Set([...targets, ...named])].filter(exists);
  const columns: Columns = new Map();
  if (wanted.length > 0)
    for (const t of (await meta.columns(c, schema, wanted)).tables)
      columns.set(t.table, new Map(t.columns.map((x) => [x.name.toLowerCase(), x.dataType])));
  const qualified = (t: string) => `${c}.${schema}.${t}`;
  const has = (t: string, col: string) => columns.get(t)?.has(col.toLowerCase()) ?? false;
  /** A declared type must be the column's: a mask of another type is refused by Trino, a literal of another type misread. */
  const typed = (field: string, t: string, col: string, declared: string) => {
    const actual = columns.get(t)?.get(col.toLowerCase());
    if (actual !== undefined && normal(actual) !== normal(declared))
      breaks(field, `column ${col} of ${qualified(t)} is ${actual}, not ${declared}`);
  };
  /** The columns of `expr` that table `t` lacks. */
  const lacking = (expr: string, kind: "mask" | "filter", t: string) =>
    (columnsOf(expr, kind) ?? []).filter((col) => !has(t, col));

  p.columnDetails.forEach((m, i) => {
    const f = `columnDetails.${i}`;
    if (!exists(m.table)) return void missing(`${f}.table`, `table ${qualified(m.table)} does not exist`);
    if (!has(m.table, m.name)) missing(`${f}.name`, `column ${m.name} does not exist in ${qualified(m.table)}`);
    else typed(`${f}.columnDataType`, m.table, m.name, m.columnDataType);
    if (m.type === "custom")
      for (const col of lacking(m.mask, "mask", m.table))
        breaks(
          `${f}.mask`,
          `the custom mask of ${m.name} names column ${col}, which table ${qualified(m.table)} does not have`,
        );
    m.conditions.forEach((cond, j) => {
      if (!has(m.table, cond.column))
        breaks(
          `${f}.conditions.${j}.column`,
          `the condition of the mask of ${m.name} names column ${cond.column}, which table ${qualified(m.table)} does not have`,
        );
      else typed(`${f}.conditions.${j}.columnDataType`, m.table, cond.column, cond.columnDataType);
    });
  });
  p.rowFilters.forEach((r, i) => {
    const f = `rowFilters.${i}`;
    if (!exists(r.table)) return void missing(`${f}.table`, `table ${qualified(r.table)} does not exist`);
    if (!has(r.table, r.columnName))
      breaks(
        `${f}.columnName`,
        `the row filter names column ${r.columnName}, which table ${qualified(r.table)} does not have`,
      );
    else typed(`${f}.columnDataType`, r.table, r.columnName, r.columnDataType);
  });
  const custom = p.customRowFilter.trim();
  if (custom)
    for (const t of targets.filter(exists))
      for (const col of lacking(custom, "filter", t))
        breaks(
          "customRowFilter",
          `the custom row filter names column ${col}, which table ${qualified(t)} does not have`,
        );
  return out;
}

/** The problems, or null when Trino cannot answer now: the policy is then checked again at Sync. */
export async function problemsIfReachable(p: CheckedPolicy, meta: Metadata): Promise<NameProblem[] | null> {
  try {
    return await metadataProblems(p, meta);
  } catch (err) {
    if (err instanceof UpstreamError) return null;
    throw err;
  }
}

const sentence = (m: string) => m.charAt(0).toUpperCase() + m.slice(1);

/**
 * A 400 naming the first problem's field, with every problem by field. A form's refusal reads as
 * a sentence (`inWords`: the field travels in `field` and `fields`, for the form to show it at
 * its place); a document's names the path in front, as the document is read by its paths.
 */
export function problemsError(
  problems: Array<{ field: string; message: string }>,
  opts: { inWords?: boolean; description?: string } = {},
): HttpError {
  const fields: Record<string, string[]> = {};
  for (const p of problems) (fields[p.field] ??= []).push(p.message);
  const first = problems[0]!;
  const error = opts.inWords ? sentence(first.message) : `${first.field}: ${first.message}`;
  return new HttpError(400, error, opts.description ?? "invalid_policy", first.field, {}, fields);
}

/** Assignees that are neither an existing user nor group (the wildcard `.*` is allowed). */
export async function assigneeProblems(
  q: Queryable,
  v: Pick<CompilePolicy, "assignToUsers" | "assignToGroups">,
): Promise<Array<{ field: string; message: string }>> {
  const named = (list: string[]) => list.filter((n) => n !== ALL);
  const unknown = await unknownPrincipals(q, named(v.assignToUsers), named(v.assignToGroups));
  return [
    ...unknown.users.map((n) => ({
      field: `assignToUsers.${v.assignToUsers.indexOf(n)}`,
      message: `no user is named ${n}`,
    })),
    ...unknown.groups.map((n) => ({
      field: `assignToGroups.${v.assignToGroups.indexOf(n)}`,
      message: `no group is named ${n}`,
    })),
  ];
}
