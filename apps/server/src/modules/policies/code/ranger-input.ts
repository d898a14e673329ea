import { ALL, type ColumnMask, type Privilege } from "@console/contracts";

/** Apache Ranger's policy export, as Ranger admin's Export writes it (RangerPolicy, RangerExportPolicyList). */
export interface RangerResource {
  values?: string[];
  isExcludes?: boolean;
  isRecursive?: boolean;
}
export interface RangerItem {
  accesses?: Array<{ type?: string; isAllowed?: boolean }>;
  users?: string[];
  groups?: string[];
  roles?: string[];
  conditions?: Array<{ type?: string; values?: string[] }>;
  delegateAdmin?: boolean;
  dataMaskInfo?: { dataMaskType?: string; valueExpr?: string; conditionExpr?: string };
  rowFilterInfo?: { filterExpr?: string };
}
export interface RangerPolicy {
  id?: number;
  name?: string;
  service?: string;
  serviceType?: string;
  isEnabled?: boolean;
  policyType?: number;
  policyPriority?: number;
  resources?: Record<string, RangerResource>;
  additionalResources?: unknown[];
  conditions?: unknown[];
  policyItems?: RangerItem[];
  denyPolicyItems?: RangerItem[];
  allowExceptions?: RangerItem[];
  denyExceptions?: RangerItem[];
  dataMaskPolicyItems?: RangerItem[];
  rowFilterPolicyItems?: RangerItem[];
  validitySchedules?: Array<{ startTime?: string; endTime?: string; timeZone?: string; recurrences?: unknown[] }>;
  isDenyAllElse?: boolean;
  zoneName?: string;
}

/** Users and groups a Ranger item names; roles become groups, the public group everyone. */
export interface Principals {
  users: string[];
  groups: string[];
}

export const nonEmpty = <T>(v: T[] | undefined): v is T[] => Array.isArray(v) && v.length > 0;

export function principalsOf(item: RangerItem, note: (m: string) => void): Principals {
  const users: string[] = [];
  for (const u of item.users ?? [])
    if (/^\{[A-Z]+\}$/.test(u)) note(`the user macro ${u} has no console counterpart and was left out`);
    else users.push(u);
  const groups = (item.groups ?? []).map((g) => (g === "public" ? ALL : g));
  for (const r of item.roles ?? []) {
    note(`role ${r} was imported as group ${r}`);
    groups.push(r);
  }
  return { users: [...new Set(users)], groups: [...new Set(groups)] };
}

/** Whether some user can be among both (a group may hold anyone, so only two user-only lists can be disjoint). */
export function mayOverlap(a: Principals, b: Principals): boolean {
  if (a.groups.length > 0 || b.groups.length > 0) return true;
  return a.users.some((u) => b.users.includes(u));
}

/** Whether every user of `inner` is surely among `outer`. */
export function covers(outer: Principals, inner: Principals): boolean {
  if (outer.groups.includes(ALL)) return true;
  return inner.users.every((u) => outer.users.includes(u)) && inner.groups.every((g) => outer.groups.includes(g));
}

export const isEmpty = (p: Principals) => p.users.length === 0 && p.groups.length === 0;

/** Ranger access types the console's privileges express exactly, by service type. */
const ACCESS: Record<string, Record<string, Privilege[]>> = {
  trino: { select: ["SELECT"], insert: ["INSERT"], delete: ["DELETE"], update: ["UPDATE"], grant: ["GRANT_SELECT"] },
  hive: { select: ["SELECT"], update: ["INSERT", "UPDATE", "DELETE"] },
};
ACCESS.presto = ACCESS.trino!;

export function privilegesOf(service: string, item: RangerItem, note: (m: string) => void): Set<Privilege> {
  const out = new Set<Privilege>();
  const map = ACCESS[service] ?? ACCESS.trino!;
  for (const a of item.accesses ?? []) {
    if (a.isAllowed === false || !a.type) continue;
    const type = a.type.toLowerCase();
    if (type === "all") {
      for (const p of ["SELECT", "INSERT", "DELETE", "UPDATE"] as const) out.add(p);
      note(
        "access all was imported as SELECT, INSERT, DELETE and UPDATE (its other rights have no console counterpart)",
      );
    } else if (map[type]) for (const p of map[type]) out.add(p);
    else note(`access ${type} has no console counterpart and was left out`);
    if (type === "grant") note("access grant was imported as GRANT_SELECT (granting select only)");
  }
  return out;
}

/** Every privilege a deny takes away: "all" and catalog "use" deny everything below them. */
export function deniedOf(service: string, item: RangerItem): Set<Privilege> | "all" {
  const types = (item.accesses ?? []).filter((a) => a.isAllowed !== false).map((a) => (a.type ?? "").toLowerCase());
  if (types.some((t) => t === "all" || t === "use")) return "all";
  return privilegesOf(service, item, () => undefined);
}

export const hasWildcard = (v: string) => /[*?]/.test(v);
const globCache = new Map<string, RegExp>();
/** Ranger's wildcard match (* any run, ? one character), case-insensitive as Ranger matches Trino names. */
export function globMatches(pattern: string, value: string): boolean {
  let r = globCache.get(pattern);
  if (!r) {
    const src = pattern
      .replace(/[\\^$.+()[\]{}|]/g, "\\$&")
      .replace(/\*/g, ".*")
      .replace(/\?/g, ".");
    r = new RegExp(`^${src}$`, "i");
    globCache.set(pattern, r);
  }
  return r.test(value);
}

/** Whether two value lists (either may hold wildcards, "*" all) can name the same object. */
export function valuesOverlap(a: string[], b: string[]): boolean {
  return a.some((x) =>
    b.some((y) => x === y || globMatches(x, y) || globMatches(y, x) || (hasWildcard(x) && hasWildcard(y))),
  );
}

/** A Ranger time (yyyy/MM/dd HH:mm:ss in the schedule's time zone) as an ISO instant. */
export function rangerTime(text: string | undefined, timeZone: string | undefined): string | null {
  if (!text) return null;
  const m = /^(\d{4})\/(\d{2})\/(\d{2}) (\d{2}):(\d{2}):(\d{2})$/.exec(text.trim());
  if (!m) throw new Error(`the time ${text} is not in Ranger's yyyy/MM/dd HH:mm:ss form`);
  const [y, mo, d, h, mi, s] = m.slice(1).map(Number) as [number, number, number, number, number, number];
  const asUtc = Date.UTC(y, mo - 1, d, h, mi, s);
  const zone = timeZone?.trim() || "UTC";
  let offset = 0;
  try {
    const parts = new Intl.DateTimeFormat("en-US", {
      timeZone: zone,
      hourCycle: "h23",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      second: "2-digit",
    }).formatToParts(new Date(asUtc));
    const n = (t: string) => Number(parts.find((p) => p.type === t)!.value);
    offset = Date.UTC(n("year"), n("month") - 1, n("day"), n("hour"), n("minute"), n("second")) - asUtc;
  } catch {
    throw new Error(`the time zone ${zone} is unknown`);
  }
  return new Date(asUtc - offset).toISOString();
}

export interface Scope {
  catalogs: string[];
  schemas: string[];
  tables: string[];
  columns: string[];
}
/** What one allow item grants, on one catalog and schema ("*": every schema, with every table). */
export interface Grant {
  src: number;
  name: string;
  catalog: string;
  schema: string;
  tables: string[];
  privileges: Set<Privilege>;
  who: Principals;
  state: "enabled" | "disabled";
  period: { startDate: string | null; endDate: string | null };
}
export interface Restriction {
  src: number;
  /** The item it comes from, as its policy's note names it. */
  label: string;
  /** Allow exceptions hold in their own policy only. */
  only?: number;
  /** Deny-all-else: everyone but these, in other policies. */
  except?: Principals;
  scope: Scope;
  who: Principals;
  privileges: Set<Privilege> | "all";
  why: string;
}
/**
 * Denies and exceptions take privileges away from every grant whose users they may reach. What
 * is taken is noted under the grant's Ranger policy and, when it is another, the deny's; a deny
 * that takes nothing away is noted under its own.
 */
export function applyRestrictions(
  grants: Grant[],
  restrictions: Restriction[],
  noteOn: (src: number, m: string) => void,
): void {
  const used = new Set<Restriction>();
  for (const g of grants) {
    for (const r of restrictions) {
      if (r.only !== undefined && r.only !== g.src) continue;
      if (r.except && (r.src === g.src || covers(r.except, g.who))) continue;
      if (
        !valuesOverlap([g.catalog], r.scope.catalogs) ||
        !valuesOverlap([g.schema], r.scope.schemas) ||
        !valuesOverlap(g.tables, r.scope.tables)
      )
        continue;
      if (!r.except && !mayOverlap(r.who, g.who)) continue;
      const taken = [...g.privileges].filter((x) => r.privileges === "all" || r.privileges.has(x));
      if (taken.length === 0) continue;
      used.add(r);
      for (const x of taken) g.privileges.delete(x);
      const what = `${taken.join(", ")} on ${g.catalog}.${g.schema}.${g.tables.join("|")}`;
      noteOn(g.src, `${what} removed for all its users: ${r.why}, and the console has no deny`);
      if (r.src !== g.src) noteOn(r.src, `${r.label} took ${what} from every user of ${g.name}, which it may reach`);
    }
  }
  for (const r of restrictions)
    if (!used.has(r))
      noteOn(r.src, `${r.label} takes nothing away from the access imported from this export: nothing to deny`);
}

/** Ranger's Trino redaction (ranger-servicedef-trino.json, MASK), kept as a custom mask. */
const REDACT =
  "cast(regexp_replace(regexp_replace(regexp_replace({col},'([A-Z])', 'X'),'([a-z])','x'),'([0-9])','0') as {type})";
const KIND: Record<string, string> = {
  MASK_SHOW_LAST_4: "showLast4",
  MASK_SHOW_FIRST_4: "showFirst4",
  MASK_HASH: "hash",
  MASK_NULL: "nullify",
  MASK_DATE_SHOW_YEAR: "dateTruncYear",
};
const quoted = (c: string) => `"${c.replaceAll('"', '""')}"`;

/** A Ranger mask as the console's column mask; null for MASK_NONE (the column shows as it is). */
export function maskOf(item: RangerItem, table: string, column: string, dataType: string): ColumnMask | null {
  const info = item.dataMaskInfo ?? {};
  const kind = (info.dataMaskType ?? "MASK_NONE").toUpperCase();
  const base = { table, name: column, columnDataType: dataType, conditions: [] };
  if (kind === "MASK_NONE") return null;
  if (KIND[kind]) return { ...base, type: "predefine", mask: KIND[kind] };
  if (kind === "MASK")
    return { ...base, type: "custom", mask: REDACT.replaceAll("{col}", quoted(column)).replaceAll("{type}", dataType) };
  if (kind === "CUSTOM" && info.valueExpr?.trim())
    return { ...base, type: "custom", mask: info.valueExpr.trim().replaceAll("{col}", quoted(column)) };
  return { ...base, type: "predefine", mask: "nullify" };
}
