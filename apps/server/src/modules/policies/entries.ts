import {
  ALL,
  DATA_CATEGORIES,
  PRIVILEGES,
  WRITE_PRIVILEGES,
  TAG_CATEGORIES,
  type CatalogAccess,
  type ColumnMask,
  type PolicyValues,
  type Privilege,
  type RowFilter,
  type TrinoTableRule,
} from "@console/contracts";
import { checkExpression } from "./expression.js";
import { compileMask, condition, exactRegex, PolicyProblem } from "./sql.js";

/** A policy as the compiler needs it; tag policies carry the tables their tags resolve to. */
export interface CompilePolicy extends Pick<
  PolicyValues,
  | "policyName"
  | "category"
  | "catalogName"
  | "schemaName"
  | "tables"
  | "tablePrivileges"
  | "config"
  | "columnDetails"
  | "rowFilters"
  | "customRowFilter"
  | "assignToUsers"
  | "assignToGroups"
  | "access"
> {
  id: number;
  priority: number;
  /** One of the console's own default policies: last in its section, whatever its priority. */
  system?: boolean;
  tagTables?: Array<{ schema: string; table: string }>;
}

export type ColumnRule = { allow: false } | { mask: string };

/** What one policy gives on one scope (a catalog, a schema or a table; "*" is everything below). */
export interface Entry {
  policyId: number;
  priority: number;
  catalog: string;
  schema: string;
  table: string;
  /** scopeKey(catalog, schema, table), made once: every index and lookup uses it. */
  key: string;
  /** The privileges as bits of PRIVILEGES (see privilegeBits). */
  privileges: number;
  catalogAccess: CatalogAccess;
  owner: boolean;
  /** Column name to its rule; only on table scopes, and null until the policy masks a column there. */
  columns: Map<string, ColumnRule> | null;
  /** The row filter (items joined with AND); null means every row. */
  filter: string | null;
}

export const STAR = "*";
export const scopeKey = (c: string, s: string, t: string) => `${c}\u0000${s}\u0000${t}`;

/** A catalog, schema or table that rules are made for, worked out once per compilation. */
export interface Scope {
  key: string;
  c: string;
  s: string;
  /** Its place among the compilation's scopes, in the order of the rules once all are known (a cheap number to key memos by). */
  ordinal: number;
  /** 0 for a table, 1 for a schema, 3 for a catalog: the order of the rules. */
  specificity: number;
  /** Its own key, then its schema's and its catalog's. */
  covering: string[];
  catalogPattern: string;
  schemaPattern?: string;
  tablePattern?: string;
}

export function scopeOf(e: Entry, ordinal: number): Scope {
  const { catalog: c, schema: s, table: t } = e;
  const covering = [e.key];
  if (t !== STAR) covering.push(scopeKey(c, s, STAR));
  if (s !== STAR) covering.push(scopeKey(c, STAR, STAR));
  return {
    key: e.key,
    ordinal,
    c,
    s,
    specificity: (s === STAR && t === STAR ? 2 : 0) + (t === STAR ? 1 : 0),
    covering,
    catalogPattern: exactRegex(c),
    ...(s !== STAR ? { schemaPattern: exactRegex(s) } : {}),
    ...(t !== STAR ? { tablePattern: exactRegex(t) } : {}),
  };
}

/*
 * Privileges travel as bits in PRIVILEGES order: merging what several policies give is an OR,
 * and each combination's list is made once and shared by every rule that grants it.
 */
const BITS = new Map<Privilege, number>(PRIVILEGES.map((p, i) => [p, 1 << i]));
export const SELECT_BIT = BITS.get("SELECT")!;
export const WRITE_BITS = WRITE_PRIVILEGES.reduce((m, p) => m | BITS.get(p)!, 0);
const ALL_BITS = (["SELECT", "INSERT", "DELETE", "UPDATE", "OWNERSHIP"] as const).reduce((m, p) => m | BITS.get(p)!, 0);
const lists = new Map<number, Privilege[]>();

/** The privileges of these bits, in PRIVILEGES order. The list is shared: frozen, never to be changed. */
export function privilegeList(bits: number): TrinoTableRule["privileges"] {
  let list = lists.get(bits);
  if (!list) {
    list = Object.freeze(PRIVILEGES.filter((p) => bits & BITS.get(p)!)) as Privilege[];
    lists.set(bits, list);
  }
  return list;
}

const bitsOf = (ps: readonly Privilege[]) => ps.reduce((m, p) => m | (BITS.get(p) ?? 0), 0);

function privilegeBits(p: CompilePolicy): number {
  const fromAccess = (a: CatalogAccess) => (a === "all" ? ALL_BITS : a === "read-only" ? SELECT_BIT : 0);
  if (p.category === "catalog") return fromAccess(p.config.allow);
  if (p.category === "schema" && p.tablePrivileges.length === 0) return fromAccess(p.config.allow);
  return bitsOf(p.tablePrivileges);
}

/** Catalog access the privileges need: read-only for SELECT, all for anything that writes. */
function accessFor(p: CompilePolicy, privileges: number): CatalogAccess {
  if (p.category === "catalog") return p.config.allow;
  if (privileges & WRITE_BITS) return "all";
  return privileges !== 0 ? "read-only" : "none";
}

/**
 * Expands one policy into entries per scope, compiling its masks and filters (and checking them).
 * Only the data categories have entries: the other kinds publish sections of their own (sections.ts).
 */
export function entriesOf(p: CompilePolicy): Entry[] {
  if (!DATA_CATEGORIES.includes(p.category)) return [];
  const privileges = privilegeBits(p);
  const base = {
    policyId: p.id,
    priority: p.priority,
    catalog: p.catalogName,
    privileges,
    catalogAccess: accessFor(p, privileges),
    owner: p.category === "schema" && p.config.owner,
  };
  const custom = checkedCustomFilter(p.customRowFilter);
  const customFilter = custom ? `(${custom})` : null;
  const entry = (schema: string, table: string, filter = customFilter): Entry => ({
    policyId: base.policyId,
    priority: base.priority,
    catalog: base.catalog,
    schema,
    table,
    key: scopeKey(base.catalog, schema, table),
    privileges: base.privileges,
    catalogAccess: base.catalogAccess,
    owner: base.owner,
    columns: null,
    filter,
  });
  if (p.category === "catalog") return [entry(STAR, STAR, null)];
  if (p.category === "schema") return p.schemaName.map((s) => entry(s, STAR, null));

  const schema = p.schemaName[0] ?? STAR;
  const targets: Array<{ schema: string; table: string }> = TAG_CATEGORIES.includes(p.category)
    ? (p.tagTables ?? [])
    : p.tables.map((t) => ({ schema, table: t === ALL ? STAR : t }));
  const out = new Map<string, Entry>();
  for (const t of targets) {
    const e = entry(t.schema, t.table);
    out.set(e.key, e);
  }

  // Masks and filters name their table: they make (or refine) that table's own entry.
  const isTag = TAG_CATEGORIES.includes(p.category);
  const tableEntry = (table: string, field: string): Entry | null => {
    const target = targets.find((t) => t.table === table) ?? targets.find((t) => t.table === STAR);
    // A tagged table that lost its tag since the policy was written: its masks no longer apply.
    if (!target && isTag) return null;
    if (!target) throw new PolicyProblem(field, `table ${table} is not among the policy's tables`);
    let e = out.get(scopeKey(p.catalogName, target.schema, table));
    if (!e) {
      e = entry(target.schema, table);
      out.set(e.key, e);
    }
    return e;
  };
  p.columnDetails.forEach((m, i) => {
    const field = `columnDetails.${i}`;
    const e = tableEntry(m.table, `${field}.table`);
    if (!e) return;
    if (e.columns?.has(m.name))
      throw new PolicyProblem(`${field}.name`, `column ${m.name} of ${m.table} is masked twice`);
    const rule = checkedMask(m, i);
    (e.columns ??= new Map()).set(m.name, rule);
  });
  const byTable = new Map<string, string[]>();
  p.rowFilters.forEach((f, i) => {
    const sql = checkedRowFilter(f, i);
    if (!tableEntry(f.table, `rowFilters.${i}.table`)) return;
    const list = byTable.get(f.table) ?? [];
    list.push(sql);
    byTable.set(f.table, list);
  });
  for (const [table, conditions] of byTable) {
    const e = tableEntry(table, "rowFilters")!;
    const all = [...conditions, ...(custom ? [custom] : [])];
    e.filter = all.length === 1 ? `(${all[0]})` : all.map((c) => `(${c})`).join(" AND ");
  }
  return [...out.values()];
}

/** The custom row filter, trimmed, once it is one SQL condition (else a problem naming the field). */
function checkedCustomFilter(text: string): string {
  const custom = text.trim();
  const why = custom ? checkExpression(custom, "filter") : null;
  if (why) throw new PolicyProblem("customRowFilter", `the custom row filter is refused: ${why}`);
  return custom;
}

/**
 * Masks that compiled and passed the check, by what decides their text: the same mask on the
 * same column name recurs across many tables and policies, and each Sync compiles them all.
 * The rules are shared between entries and never changed. Dynamic masks (their conditions) and
 * refused masks are compiled each time.
 */
const masksCompiled = new Map<string, ColumnRule>();
const MASK_MEMO_MAX = 20_000;

/** Mask `i` as Trino receives it, once its expression is one SQL value. */
function checkedMask(m: ColumnMask, i: number): ColumnRule {
  const key = m.type === "dynamic" ? null : `${m.type}\u0000${m.mask}\u0000${m.name}\u0000${m.columnDataType}`;
  const known = key === null ? undefined : masksCompiled.get(key);
  if (known) return known;
  const field = `columnDetails.${i}`;
  const rule = compileMask(m, field);
  const why = "mask" in rule ? checkExpression(rule.mask, "mask") : null;
  if (why) throw new PolicyProblem(`${field}.mask`, `the mask of ${m.table}.${m.name} is refused: ${why}`);
  if (key !== null) {
    if (masksCompiled.size >= MASK_MEMO_MAX) masksCompiled.clear();
    masksCompiled.set(key, rule);
  }
  return rule;
}

/**
 * Row filter `i` as its SQL condition. Not parsed here: its text is the console's own (a quoted
 * name, an operator and literals checked against the column's type), whose shape always parses,
 * as policies-compile.test.ts shows for every condition and type; the check before publishing
 * parses the rule's whole filter all the same. Values that are no literal of the type are refused.
 */
function checkedRowFilter(f: RowFilter, i: number): string {
  return condition(f.columnName, f.columnDataType, f.filterCondition, f.value, `rowFilters.${i}.value`);
}

/**
 * Every mask, row filter and custom row filter of a policy that Trino would refuse, by field,
 * read by the same parser as at Save and Sync (the wizard's step check asks for them).
 */
export function expressionProblems(
  p: Pick<CompilePolicy, "category" | "columnDetails" | "rowFilters" | "customRowFilter">,
): Array<{ field: string; message: string }> {
  if (!DATA_CATEGORIES.includes(p.category)) return [];
  const out: Array<{ field: string; message: string }> = [];
  const check = (f: () => unknown) => {
    try {
      f();
    } catch (err) {
      if (!(err instanceof PolicyProblem)) throw err;
      out.push({ field: err.field, message: err.message });
    }
  };
  check(() => checkedCustomFilter(p.customRowFilter));
  p.columnDetails.forEach((m, i) => check(() => checkedMask(m, i)));
  p.rowFilters.forEach((f, i) => check(() => checkedRowFilter(f, i)));
  return out;
}
