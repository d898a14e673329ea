import {
  ACCESS_FIELDS,
  ALL,
  CATALOG_KINDS,
  CONDITIONS_BY_TYPE,
  DATA_CATEGORIES,
  DEFAULT_ACCESS,
  DEFAULT_DATA_PRODUCT_CATALOG,
  MASK_KINDS,
  MASKS_BY_TYPE,
  TABLE_CATEGORIES,
  TAG_CATEGORIES,
  typeGroupOf,
  type MaskKind,
  type PolicyValues,
} from "@console/contracts";
import { badRequest } from "../../platform/errors.js";
import { entriesOf } from "./entries.js";
import { problemsError } from "./name-checks.js";
import { PolicyProblem } from "./sql.js";

export const DUPLICATE_ROW_FILTER = "The row filter has already been added";

/** The day `iso` falls on, in UTC, as a comparable number (yyyymmdd). */
const dayOf = (d: Date) => d.getUTCFullYear() * 10000 + (d.getUTCMonth() + 1) * 100 + d.getUTCDate();

/**
 * The rules of section 5 that a single field's schema cannot express: what each category needs,
 * masks and filters that fit their column types, the access period, and that the policy compiles.
 */
export function checkPolicy(
  v: PolicyValues,
  opts: { dataProductCatalog?: string; now?: Date; periodChanged?: boolean } = {},
): void {
  const fail = (field: string, message: string): never => {
    throw problemsError([{ field, message }], { inWords: true, description: `invalid value for ${field}` });
  };
  const dataProducts = opts.dataProductCatalog ?? DEFAULT_DATA_PRODUCT_CATALOG;
  if (v.catalogName === dataProducts) fail("catalogName", `the data-product catalog ${dataProducts} cannot be chosen`);
  checkKind(v, fail);
  if (!DATA_CATEGORIES.includes(v.category)) {
    checkPeriod(v, opts, fail);
    return;
  }
  const isTableCategory = TABLE_CATEGORIES.includes(v.category);
  if (v.category === "schema" && v.schemaName.length === 0) fail("schemaName", "choose at least one schema");
  if (isTableCategory && v.schemaName.length !== 1) fail("schemaName", "choose one schema");
  if (v.category === "tables" && v.tables.length === 0) fail("tables", "choose at least one table");
  if (TAG_CATEGORIES.includes(v.category) && v.tags.length === 0) fail("tags", "choose at least one tag");
  if (isTableCategory && v.tablePrivileges.length === 0) fail("tablePrivileges", "choose at least one privilege");
  if (!isTableCategory && (v.columnDetails.length > 0 || v.rowFilters.length > 0 || v.customRowFilter))
    fail("columnDetails", `a ${v.category} policy has no column masks or row filters`);
  if (v.category === "catalog" && (v.assignToUsers.length > 0 || v.assignToGroups.length > 0)) {
    // Spec: choosing the catalog category sets access to All (the access step still assigns principals).
  }
  if (v.assignToUsers.length === 0 && v.assignToGroups.length === 0)
    fail("assignToUsers", "assign the policy to at least one user or group");
  if (v.category === "tables" && v.tables.includes(ALL) && v.tables.length > 1)
    fail("tables", "choose all tables or some tables, not both");

  const tables = new Set(v.tables);
  const masked = new Set<string>();
  v.columnDetails.forEach((m, i) => {
    const f = `columnDetails.${i}`;
    if (v.category === "tables" && !tables.has(m.table) && !tables.has(ALL))
      fail(`${f}.table`, `${m.table} is not among the chosen tables`);
    const key = `${m.table}\u0000${m.name}`;
    if (masked.has(key)) fail(`${f}.name`, `column ${m.name} of ${m.table} already has a mask`);
    masked.add(key);
    const group = typeGroupOf(m.columnDataType);
    if (m.type !== "custom") {
      if (!MASK_KINDS.includes(m.mask as MaskKind)) fail(`${f}.mask`, `${m.mask} is not a known mask`);
      if (!MASKS_BY_TYPE[group].includes(m.mask as MaskKind))
        fail(`${f}.mask`, `the ${m.mask} mask does not apply to a ${m.columnDataType} column`);
    }
    if (m.type === "dynamic" && m.conditions.length === 0) fail(`${f}.conditions`, "a dynamic mask needs a condition");
    m.conditions.forEach((c, j) => {
      if (!CONDITIONS_BY_TYPE[typeGroupOf(c.columnDataType)].includes(c.condition))
        fail(`${f}.conditions.${j}.condition`, `${c.condition} does not apply to a ${c.columnDataType} column`);
    });
  });
  const seen = new Set<string>();
  v.rowFilters.forEach((r, i) => {
    const f = `rowFilters.${i}`;
    if (v.category === "tables" && !tables.has(r.table) && !tables.has(ALL))
      fail(`${f}.table`, `${r.table} is not among the chosen tables`);
    if (!CONDITIONS_BY_TYPE[typeGroupOf(r.columnDataType)].includes(r.filterCondition))
      fail(`${f}.filterCondition`, `${r.filterCondition} does not apply to a ${r.columnDataType} column`);
    const key = JSON.stringify([r.table, r.columnName, r.filterCondition, r.value.trim()]);
    if (seen.has(key)) throw badRequest(DUPLICATE_ROW_FILTER, `${f}`, "duplicate_row_filter");
    seen.add(key);
  });

  checkPeriod(v, opts, fail);

  try {
    const named = [...new Set([...v.columnDetails.map((m) => m.table), ...v.rowFilters.map((r) => r.table)])];
    entriesOf({
      ...v,
      id: 0,
      priority: v.priority ?? 0,
      tagTables: named.map((table) => ({ schema: v.schemaName[0]!, table })),
    });
  } catch (err) {
    // The message names its mask or filter in words; the field travels apart, for the form.
    if (err instanceof PolicyProblem)
      throw problemsError([{ field: err.field, message: err.message }], { inWords: true });
    throw err;
  }
}

type Fail = (field: string, message: string) => never;

function checkPeriod(v: PolicyValues, opts: { now?: Date; periodChanged?: boolean }, fail: Fail): void {
  const { startDate, endDate } = v.tnc;
  if (startDate && endDate && new Date(endDate) < new Date(startDate))
    fail("tnc.endDate", "the access period ends before it starts");
  if (
    startDate &&
    opts.periodChanged !== false &&
    dayOf(new Date(startDate)) < dayOf(new Date((opts.now ?? new Date()).getTime() - 14 * 3600_000))
  )
    // Fourteen hours of slack: "today" is the user's own day, which may still be yesterday in UTC.
    fail("tnc.startDate", "the access period cannot start before today");
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * What each kind needs and may hold: a catalog only where the kind names one, no table fields
 * outside the data categories, and only its own fields of `access` (docs/policies.md).
 */
function checkKind(v: PolicyValues, fail: Fail): void {
  const c = v.category;
  const a = v.access;
  if (CATALOG_KINDS.includes(c) && !v.catalogName) fail("catalogName", "is required");
  if (!CATALOG_KINDS.includes(c) && v.catalogName) fail("catalogName", `a ${c} policy names no catalog`);
  if (DATA_CATEGORIES.includes(c) && v.catalogName === ALL) fail("catalogName", "choose one catalog");
  const own = ACCESS_FIELDS[c] ?? [];
  for (const [k, d] of Object.entries(DEFAULT_ACCESS))
    if (!own.includes(k) && !same((a as Record<string, unknown>)[k], d))
      fail(`access.${k}`, `a ${c} policy does not use ${k}`);
  for (const k of ["section", "rule"] as const)
    if (!own.includes(k) && a[k] !== undefined) fail(`access.${k}`, `a ${c} policy does not use ${k}`);
  if (DATA_CATEGORIES.includes(c)) return;
  if (c !== "functions" && c !== "procedures" && v.schemaName.length > 0)
    fail("schemaName", `a ${c} policy names no schema`);
  if (v.tables.length > 0) fail("tables", `a ${c} policy names no tables`);
  if (v.tags.length > 0) fail("tags", `a ${c} policy names no tags`);
  if (v.tablePrivileges.length > 0) fail("tablePrivileges", `a ${c} policy has no table privileges`);
  if (v.columnDetails.length > 0 || v.rowFilters.length > 0 || v.customRowFilter)
    fail("columnDetails", `a ${c} policy has no column masks or row filters`);
  if (c === "trinoRule") {
    if (!a.section) fail("access.section", "is required");
    if (!a.rule) fail("access.rule", "is required");
    if (v.assignToUsers.length > 0 || v.assignToGroups.length > 0)
      fail("assignToUsers", "a rule kept verbatim names its own users and groups");
    return;
  }
  if (v.assignToUsers.length === 0 && v.assignToGroups.length === 0)
    fail("assignToUsers", "assign the policy to at least one user or group");
  switch (c) {
    case "queries":
      if (a.queryOwners.length === 0 && a.queryAccess.some((x) => x !== "execute"))
        fail("access.queryOwners", "choose whose queries they may view or kill");
      break;
    case "impersonation":
      if (a.targetUsers.length === 0) fail("access.targetUsers", "choose the users they may act as");
      break;
    case "systemSessionProperties":
    case "catalogSessionProperties":
      if (a.properties.length === 0) fail("access.properties", "choose at least one session property");
      break;
    case "functions":
    case "procedures":
      if (a.routines.length === 0)
        fail("access.routines", `choose at least one ${c === "functions" ? "function" : "procedure"}`);
      if (c === "procedures" && a.routinePrivileges.includes("OWNERSHIP"))
        fail("access.routinePrivileges", "procedures have no OWNERSHIP privilege");
      break;
    case "authorization":
      if (a.targetUsers.length === 0 && a.targetRoles.length === 0)
        fail("access.targetUsers", "choose the users or roles they may make owners");
      break;
  }
  for (const k of ["queryOwners", "targetUsers", "targetRoles", "properties", "routines"] as const)
    if (a[k].includes(ALL) && a[k].length > 1) fail(`access.${k}`, "choose every one or some, not both");
}
