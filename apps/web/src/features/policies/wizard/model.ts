import dayjs, { type Dayjs } from "dayjs";
import type {
  CatalogAccess,
  ColumnMask,
  Policy,
  PolicyAccess,
  PolicyCategory,
  PolicyInput,
  Privilege,
  RowFilter,
} from "@console/contracts";
import {
  ACCESS_FIELDS,
  ALL,
  CATALOG_KINDS,
  DATA_CATEGORIES,
  defaultAccess,
  TABLE_CATEGORIES,
  TAG_CATEGORIES,
} from "@console/contracts/constants";

/** The wizard's one form, over all its steps. */
export interface WizardValues {
  policyName: string;
  category?: PolicyCategory;
  catalogName?: string;
  schemaName: string[];
  tables: string[];
  tags: string[];
  tablePrivileges: Privilege[];
  allow: CatalogAccess;
  owner: boolean;
  columnDetails: ColumnMask[];
  rowFilters: RowFilter[];
  customRowFilter: string;
  assignToUsers: string[];
  assignToGroups: string[];
  period: [Dayjs, Dayjs] | null;
  /** What a policy of the rules-file kinds gives (its kind's fields only). */
  access: PolicyAccess;
  /** A verbatim rule as typed (JSON). */
  ruleText: string;
}

export const INITIAL: WizardValues = {
  policyName: "",
  schemaName: [],
  tables: [],
  tags: [],
  tablePrivileges: [],
  allow: "read-only",
  owner: false,
  columnDetails: [],
  rowFilters: [],
  customRowFilter: "",
  assignToUsers: [],
  assignToGroups: [],
  period: null,
  access: defaultAccess(),
  ruleText: "",
};

/** The access a new policy of a kind starts with. */
export function initialAccess(c: PolicyCategory | undefined): PolicyAccess {
  const a = defaultAccess();
  if (c === "queries") a.queryAccess = ["execute"];
  if (c === "functions" || c === "procedures") a.routinePrivileges = ["EXECUTE"];
  if (c === "systemInformation") a.systemInformation = ["read"];
  return a;
}

export const STEPS = [
  { id: "details", titleKey: "policies.wizard.step.details" },
  { id: "masks", titleKey: "policies.wizard.step.masks" },
  { id: "filters", titleKey: "policies.wizard.step.filters" },
  { id: "access", titleKey: "policies.wizard.step.access" },
] as const;

export type StepId = (typeof STEPS)[number]["id"];

/** The step where a field of the API body is entered, to show a problem with it there. */
export function stepOfField(field: string): StepId {
  if (field.startsWith("columnDetails")) return "masks";
  if (field.startsWith("rowFilters") || field === "customRowFilter") return "filters";
  if (field.startsWith("assignTo") || field.startsWith("tnc") || field === "config") return "access";
  return "details"; // access.* included: a kind's fields are entered with its details
}

export const hasTableSteps = (c: PolicyCategory | undefined) => !!c && TABLE_CATEGORIES.includes(c);
/** Steps shown for a category: masks and row filters only for table, tag and glossary policies. */
export const stepsFor = (c: PolicyCategory | undefined) => (hasTableSteps(c) ? STEPS : [STEPS[0], STEPS[3]]);

/** Spec section 5: what step 1 needs before Next. */
export function detailsComplete(v: WizardValues): boolean {
  if (!v.policyName.trim() || v.policyName.length > 50 || !v.category) return false;
  if (!DATA_CATEGORIES.includes(v.category)) return kindComplete(v);
  if (!v.catalogName) return false;
  if (v.category === "schema") return v.schemaName.length > 0;
  if (v.category === "tables") return v.schemaName.length === 1 && v.tables.length > 0 && v.tablePrivileges.length > 0;
  if (TAG_CATEGORIES.includes(v.category))
    return v.schemaName.length === 1 && v.tags.length > 0 && v.tablePrivileges.length > 0;
  return true;
}

/** The rules-file kinds: what the server also requires (docs/policies.md). */
function kindComplete(v: WizardValues): boolean {
  const a = v.access;
  if (CATALOG_KINDS.includes(v.category!) && !v.catalogName) return false;
  switch (v.category) {
    case "queries":
      return a.queryOwners.length > 0 || !a.queryAccess.some((x) => x !== "execute");
    case "impersonation":
      return a.targetUsers.length > 0;
    case "systemSessionProperties":
    case "catalogSessionProperties":
      return a.properties.length > 0;
    case "functions":
    case "procedures":
      return a.routines.length > 0;
    case "authorization":
      return a.targetUsers.length > 0 || a.targetRoles.length > 0;
    case "trinoRule":
      return !!a.section && ruleOf(v.ruleText) !== null;
    default:
      return true;
  }
}

function ruleOf(text: string): Record<string, unknown> | null {
  try {
    const v: unknown = JSON.parse(text);
    return v !== null && typeof v === "object" && !Array.isArray(v) ? (v as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/** A verbatim rule names its own users and groups; every other policy is assigned to someone. */
export const accessComplete = (v: WizardValues) =>
  v.category === "trinoRule" || v.assignToUsers.length > 0 || v.assignToGroups.length > 0;

/** Only the kind's own fields of `access`, the others at their defaults (the server refuses the rest). */
function accessBody(v: WizardValues): PolicyAccess {
  const out = defaultAccess() as PolicyAccess;
  const own = (v.category && ACCESS_FIELDS[v.category]) || [];
  for (const f of own) (out as Record<string, unknown>)[f] = (v.access as Record<string, unknown>)[f];
  if (v.category === "trinoRule") out.rule = ruleOf(v.ruleText) ?? {};
  if (
    v.category === "queries" &&
    !v.access.queryAccess.some((x) => x !== "execute") &&
    v.access.queryOwners.length === 0
  )
    out.queryOwners = [];
  return out;
}

/** Form values to the API body; the access period runs from the start of its first day to the end of its last, locally. */
export function toApiBody(v: WizardValues): PolicyInput {
  const tableSteps = hasTableSteps(v.category);
  const data = !!v.category && DATA_CATEGORIES.includes(v.category);
  const named = !!v.category && CATALOG_KINDS.includes(v.category);
  const routines = v.category === "functions" || v.category === "procedures";
  return {
    policyName: v.policyName.trim(),
    category: v.category!,
    catalogName: named ? (v.catalogName ?? "") : "",
    schemaName: v.category === "catalog" || (!data && !routines) ? [] : v.schemaName,
    tables: v.category === "tables" ? v.tables : [],
    tags: v.category && TAG_CATEGORIES.includes(v.category) ? v.tags : [],
    tablePrivileges: v.category === "catalog" || !data ? [] : v.tablePrivileges,
    config: {
      allow: v.category === "catalog" || v.category === "schema" ? v.allow : "read-only",
      owner: v.category === "schema" && v.owner,
    },
    columnDetails: tableSteps ? v.columnDetails : [],
    rowFilters: tableSteps ? v.rowFilters : [],
    customRowFilter: tableSteps ? v.customRowFilter.trim() : "",
    assignToUsers: v.category === "trinoRule" ? [] : v.assignToUsers,
    assignToGroups: v.category === "trinoRule" ? [] : v.assignToGroups,
    access: accessBody(v),
    tnc: {
      startDate: v.period ? v.period[0].startOf("day").toISOString() : null,
      endDate: v.period ? v.period[1].endOf("day").toISOString() : null,
    },
  };
}

export function fromPolicy(p: Policy): WizardValues {
  return {
    policyName: p.policyName,
    category: p.category,
    catalogName: p.catalogName,
    schemaName: p.schemaName,
    tables: p.tables,
    tags: p.tags,
    tablePrivileges: p.tablePrivileges,
    allow: p.config.allow,
    owner: p.config.owner,
    columnDetails: p.columnDetails,
    rowFilters: p.rowFilters,
    customRowFilter: p.customRowFilter,
    assignToUsers: p.assignToUsers,
    assignToGroups: p.assignToGroups,
    period: p.tnc.startDate && p.tnc.endDate ? [dayjs(p.tnc.startDate), dayjs(p.tnc.endDate)] : null,
    access: { ...defaultAccess(), ...p.access },
    ruleText: p.access.rule ? JSON.stringify(p.access.rule, null, 2) : "",
  };
}

/** Tables the masks and filters can name: the chosen ones, or those the chosen tags carry. */
export function maskableTables(v: WizardValues, allTables: string[], tagTables: Map<string, string[]>): string[] {
  if (v.category === "tables") return v.tables.includes(ALL) ? allTables : v.tables;
  const out = new Set<string>();
  for (const tag of v.tags) for (const t of tagTables.get(tag) ?? []) out.add(t);
  return [...out].sort();
}

const SETS = ["schemaName", "tables", "tags", "tablePrivileges", "assignToUsers", "assignToGroups"] as const;
const day = (d: Dayjs | undefined) => (d ? d.format("YYYY-MM-DD") : null);

/** One field in the shape that decides "changed": selections as sets, text trimmed, the period as days. */
function comparable(v: WizardValues, field: keyof WizardValues): unknown {
  const value = v[field];
  if ((SETS as readonly string[]).includes(field)) return [...((value as string[] | undefined) ?? [])].sort();
  if (field === "policyName" || field === "customRowFilter" || field === "ruleText")
    return ((value as string | undefined) ?? "").trim();
  if (field === "period") return v.period ? [day(v.period[0]), day(v.period[1])] : null;
  return value ?? null;
}

/** JSON with object keys sorted and empty values left out, so equal values compare equal. */
function stable(x: unknown): string {
  if (Array.isArray(x)) return `[${x.map(stable).join(",")}]`;
  if (x && typeof x === "object")
    return `{${Object.entries(x)
      .filter(([, v]) => v !== undefined && v !== null && v !== "")
      .sort(([a], [b]) => (a < b ? -1 : 1))
      .map(([k, v]) => `${JSON.stringify(k)}:${stable(v)}`)
      .join(",")}}`;
  return JSON.stringify(x ?? null);
}

/** The fields whose value differs from `saved` (field by field, not "was anything touched"). */
export function changedFields(current: WizardValues, saved: WizardValues): Array<keyof WizardValues> {
  return (Object.keys(INITIAL) as Array<keyof WizardValues>)
    .concat("category", "catalogName")
    .filter((f) => stable(comparable(current, f)) !== stable(comparable(saved, f)));
}
