import { ALL, POLICY_LIMITS } from "@console/contracts";
import {
  hasWildcard,
  isEmpty,
  nonEmpty,
  principalsOf,
  type Principals,
  type RangerItem,
  type RangerPolicy,
} from "./ranger-input.js";

/**
 * Ranger's Trino resources beyond catalogs, schemas, tables and columns, and the console kind
 * each maps to (docs/policies.md, "Import from Apache Ranger").
 */
export const RULE_RESOURCES = [
  "trinouser",
  "systemproperty",
  "sessionproperty",
  "function",
  "procedure",
  "schemafunction",
  "queryid",
  "sysinfo",
  "role",
] as const;

/** One console policy made from Ranger items (no priority yet: the order of the list gives it). */
export interface RuleCandidate {
  src: number;
  name: string;
  value: Record<string, unknown>;
}

type Note = (m: string) => void;
const accesses = (item: RangerItem) =>
  new Set((item.accesses ?? []).filter((a) => a.isAllowed !== false).map((a) => (a.type ?? "").toLowerCase()));

/** Exact names, or "*" as every one; a value with other wildcards cannot be named and is left out (noted). */
function names(values: string[] | undefined, what: string, note: Note): string[] {
  const out: string[] = [];
  for (const v of values ?? []) {
    if (v === "*") return [ALL];
    if (/^\{[A-Z]+\}$/.test(v)) note(`the ${what} macro ${v} has no console counterpart and was left out`);
    else if (hasWildcard(v)) note(`${what} ${v} has wildcards the console cannot name exactly and was left out`);
    else out.push(v);
  }
  return out;
}

/**
 * What one Ranger access policy on a rules resource gives or takes, as console policies of the
 * matching kind. Ranger decides a deny before any allow; the console's kinds decide the first
 * policy in priority order, so denies (and allow exceptions, taken as denies) are returned in
 * `denies`, which the caller places before every allow; `isDenyAllElse` adds a deny for everyone
 * right after the policy's own allows.
 */
export function mapRulesPolicy(
  p: RangerPolicy,
  src: number,
  state: "enabled" | "disabled",
  period: { startDate: string | null; endDate: string | null },
  note: Note,
): { denies: RuleCandidate[]; allows: RuleCandidate[] } {
  const res = p.resources ?? {};
  const keys = Object.keys(res);
  const base = (p.name ?? `ranger ${p.id ?? src}`).slice(0, POLICY_LIMITS.name - 8);
  const values = (k: string) => res[k]?.values;
  const excluded = Object.entries(res).filter(([, r]) => r.isExcludes);
  const out = { denies: [] as RuleCandidate[], allows: [] as RuleCandidate[] };
  if (excluded.length > 0) {
    note(
      `excluded resource values (isExcludes on ${excluded.map(([k]) => k).join(", ")}) cannot be named: not imported`,
    );
    return out;
  }
  if (keys.includes("role")) {
    note(
      "Trino roles are refused by Trino's file-based access control (no role can be created or granted): not imported",
    );
    return out;
  }

  /** The policy body of one kind for these principals, or null when the resource cannot be named. */
  const body = (item: RangerItem, allow: boolean): Record<string, unknown> | null => {
    const granted = accesses(item);
    const has = (a: string) => granted.has(a) || granted.has("all");
    if (keys.includes("trinouser")) {
      const users = names(values("trinouser"), "Trino user", note);
      if (users.length === 0 || !has("impersonate")) return null;
      return { category: "impersonation", access: { targetUsers: users, allow } };
    }
    if (keys.includes("systemproperty")) {
      const props = names(values("systemproperty"), "system property", note);
      if (props.length === 0 || !has("alter")) return null;
      return { category: "systemSessionProperties", access: { properties: props, allow } };
    }
    if (keys.includes("sessionproperty")) {
      const [catalog] = names(values("catalog"), "catalog", note);
      const props = names(values("sessionproperty"), "catalog session property", note);
      if (!catalog || props.length === 0 || !has("alter")) return null;
      if ((values("catalog") ?? []).length > 1)
        note("a catalog session property policy names one catalog here: the first was kept");
      return { category: "catalogSessionProperties", catalogName: catalog, access: { properties: props, allow } };
    }
    if (keys.includes("queryid")) {
      if (!(values("queryid") ?? []).includes("*")) {
        note("query ids other than * cannot be known in advance: not imported");
        return null;
      }
      if (!has("execute")) return null;
      return { category: "queries", access: { queryAccess: allow ? ["execute"] : [] } };
    }
    if (keys.includes("sysinfo")) {
      const want = ["read_sysinfo", "write_sysinfo"].filter(has).map((a) => a.replace("_sysinfo", ""));
      if (want.length === 0) return null;
      return { category: "systemInformation", access: { systemInformation: allow ? want : [] } };
    }
    const routine = keys.includes("function")
      ? "function"
      : keys.includes("procedure")
        ? "procedure"
        : "schemafunction";
    const list = names(values(routine), routine === "procedure" ? "procedure" : "function", note);
    if (list.length === 0) return null;
    const privileges =
      routine === "schemafunction"
        ? has("create") && has("drop")
          ? ["OWNERSHIP"]
          : []
        : [...(has("execute") ? ["EXECUTE"] : []), ...(has("grant") ? ["GRANT_EXECUTE"] : [])];
    if (routine === "schemafunction" && privileges.length === 0 && allow) {
      note(
        "creating or dropping functions maps to OWNERSHIP only with both create and drop; show alone has no counterpart: not imported",
      );
      return null;
    }
    if (privileges.length === 0 && allow) return null;
    // Ranger's `function` resource names a function in any catalog; procedures and schema functions name theirs.
    const catalog = routine === "function" ? ALL : names(values("catalog"), "catalog", note)[0];
    if (!catalog) return null;
    const schema = routine === "function" ? [] : names(values("schema"), "schema", note).filter((s) => s !== ALL);
    return {
      category: routine === "procedure" ? "procedures" : "functions",
      catalogName: catalog,
      schemaName: schema,
      access: { routines: list, routinePrivileges: allow ? privileges : [] },
    };
  };

  const candidate = (item: RangerItem, who: Principals, allow: boolean, label: string): RuleCandidate | null => {
    if (nonEmpty(item.conditions)) {
      if (allow) {
        note(`${label} has conditions, which the console cannot check: not imported`);
        return null;
      }
      note(`${label} conditions have no console counterpart: the deny applies always`);
    }
    const b = body(item, allow);
    if (!b || isEmpty(who)) return null;
    // A deny is never imported disabled for what the console cannot check (conditions, recurrences): it applies always.
    const on = allow ? state : p.isEnabled === false ? "disabled" : "enabled";
    const when = allow || state === on ? period : { startDate: null, endDate: null };
    return {
      src,
      name: `${base} ${allow ? "allow" : "deny"}`,
      value: { ...b, state: on, tnc: when, assignToUsers: who.users, assignToGroups: who.groups },
    };
  };
  const push = (list: RuleCandidate[], c: RuleCandidate | null) => {
    if (!c) return;
    list.push(c);
    // Ranger checks viewing and killing another user's queries as impersonating them.
    const a = c.value.access as { targetUsers?: string[]; allow: boolean };
    if (c.value.category === "impersonation")
      list.push({
        ...c,
        name: `${c.name} queries`,
        value: {
          ...c.value,
          category: "queries",
          access: { queryAccess: a.allow ? ["view", "kill"] : [], queryOwners: a.targetUsers },
        },
      });
  };

  for (const item of p.denyPolicyItems ?? [])
    push(out.denies, candidate(item, principalsOf(item, note), false, "deny item"));
  for (const item of p.allowExceptions ?? [])
    push(out.denies, candidate(item, principalsOf(item, note), false, "allow exception"));
  if (nonEmpty(p.denyExceptions)) note("deny exceptions have no console counterpart: the deny applies to them too");
  (p.policyItems ?? []).forEach((item, k) => {
    if (item.delegateAdmin) note("delegate admin has no console counterpart and was left out");
    push(out.allows, candidate(item, principalsOf(item, note), true, `allow item ${k + 1}`));
  });
  if (p.isDenyAllElse && (p.policyItems ?? []).length > 0) {
    const all = candidate(p.policyItems![0]!, { users: [ALL], groups: [] }, false, "deny all else");
    if (all) push(out.allows, { ...all, name: `${base} deny others` });
  }
  return out;
}
