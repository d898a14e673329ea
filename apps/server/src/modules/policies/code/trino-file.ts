import { ALL, POLICY_LIMITS, TRINO_SECTIONS, type TrinoSection } from "@console/contracts";

/**
 * A hand-written Trino rules file moving in (docs/policies.md, "Moving in from a rules file"):
 * each rule becomes a policy the console's forms express exactly, or is kept verbatim, in its
 * place. Whether a converted rule still decides as the file did is checked afterwards with the
 * rules engine (trino-equivalence.ts), which keeps verbatim every rule whose conversion would not.
 */

/** One rule of the file and what it becomes. */
export interface FileRule {
  section: TrinoSection;
  index: number;
  rule: Record<string, unknown>;
  /** The policy's fields when the forms express it, else null (kept verbatim). */
  converted: Record<string, unknown> | null;
  /** Why it is kept verbatim (when it is). */
  why: string | null;
}

/** Whether an uploaded object is a Trino rules document: only Trino's sections, at least one. */
export function isTrinoRules(o: Record<string, unknown>): boolean {
  const keys = Object.keys(o);
  return keys.length > 0 && keys.some((k) => (TRINO_SECTIONS as readonly string[]).includes(k)) && !("kind" in o);
}

const SPECIAL = /[\\^$.*+?()[\]{}|]/;
/** The plain name a pattern matches (an escaped literal), or null for a real regular expression. */
function literal(p: unknown): string | null {
  if (typeof p !== "string") return null;
  if (!/^(?:[^\\^$.*+?()[\]{}|]|\\[\\^$.*+?()[\]{}|-])+$/.test(p)) return null;
  return p.replace(/\\(.)/g, "$1");
}
/** Names joined as alternatives (`a|b`), each plain, or ".*"; null otherwise. */
function names(p: unknown): string[] | null {
  if (p === undefined || p === ".*") return [ALL];
  if (typeof p !== "string") return null;
  const parts = p.split("|").map(literal);
  return parts.every((x): x is string => x !== null && !SPECIAL.test(x)) ? parts : null;
}

interface Directory {
  users: Set<string>;
  groups: Set<string>;
}

type Convert = { value: Record<string, unknown> } | { why: string };

/** Who a rule applies to, as assignees: one existing user, one existing group, or everyone. */
function assignees(
  r: Record<string, unknown>,
  dir: Directory,
  fields: { user: string; group?: string },
): { why: string } | { users: string[]; groups: string[] } {
  if (r.role !== undefined || r.original_role !== undefined) return { why: "it names a role" };
  const user = r[fields.user];
  const group = fields.group ? r[fields.group] : undefined;
  if (user !== undefined && group !== undefined) return { why: "it names both a user and a group" };
  if (user !== undefined && user !== ".*") {
    const u = literal(user);
    if (u === null) return { why: "a regular expression over users" };
    if (!dir.users.has(u)) return { why: `the console has no user ${u}` };
    return { users: [u], groups: [] };
  }
  if (group !== undefined && group !== ".*") {
    const g = literal(group);
    if (g === null) return { why: "a regular expression over groups" };
    if (!dir.groups.has(g)) return { why: `the console has no group ${g}` };
    return { users: [], groups: [g] };
  }
  return { users: [ALL], groups: [] };
}

const KIND: Partial<Record<TrinoSection, string>> = {
  queries: "queries",
  impersonation: "impersonation",
  system_information: "systemInformation",
  system_session_properties: "systemSessionProperties",
  catalog_session_properties: "catalogSessionProperties",
  functions: "functions",
  procedures: "procedures",
  authorization: "authorization",
};

/** Only these keys, or the forms cannot say it. */
const only = (r: Record<string, unknown>, keys: string[]) => Object.keys(r).find((k) => !keys.includes(k));

function convert(section: TrinoSection, r: Record<string, unknown>, dir: Directory): Convert {
  const kind = KIND[section];
  if (!kind) return { why: "catalog, schema and table rules of a file are kept as written (first match)" };
  const principal =
    section === "impersonation"
      ? { user: "original_user" }
      : section === "authorization"
        ? { user: "original_user", group: "original_group" }
        : section === "system_information"
          ? { user: "user" }
          : { user: "user", group: "group" };
  const who = assignees(r, dir, principal);
  if ("why" in who) return who;
  const extra = (keys: string[]) => {
    const k = only(r, [
      "role",
      "original_role",
      principal.user,
      ...(principal.group ? [principal.group] : []),
      ...keys,
    ]);
    return k ? { why: `the forms have no ${k}` } : null;
  };
  const base = { category: kind, assignToUsers: who.users, assignToGroups: who.groups };
  switch (section) {
    case "queries": {
      const no = extra(["queryOwner", "allow"]);
      if (no) return no;
      const allow = (r.allow as string[]).map((a) => a.toLowerCase());
      if (r.queryOwner === undefined) {
        if (allow.some((a) => a !== "execute"))
          return { value: { ...base, access: { queryAccess: [...allow], queryOwners: [ALL] } } };
        return { value: { ...base, access: { queryAccess: allow } } };
      }
      const owners = names(r.queryOwner);
      if (!owners) return { why: "a regular expression over query owners" };
      return { value: { ...base, access: { queryAccess: allow, queryOwners: owners } } };
    }
    case "impersonation": {
      const no = extra(["new_user", "allow"]);
      if (no) return no;
      const targets = typeof r.new_user === "string" && r.new_user.includes("$") ? null : names(r.new_user);
      if (!targets) return { why: "a regular expression over the users to act as" };
      return { value: { ...base, access: { targetUsers: targets, allow: r.allow !== false } } };
    }
    case "system_information": {
      const no = extra(["allow"]);
      if (no) return no;
      return { value: { ...base, access: { systemInformation: (r.allow as string[]).map((a) => a.toLowerCase()) } } };
    }
    case "system_session_properties":
    case "catalog_session_properties": {
      const no = extra(["property", "allow", ...(section === "catalog_session_properties" ? ["catalog"] : [])]);
      if (no) return no;
      const props = names(r.property);
      const catalog = r.catalog === undefined ? ALL : literal(r.catalog);
      if (!props || catalog === null) return { why: "a regular expression over properties or catalogs" };
      return {
        value: {
          ...base,
          ...(section === "catalog_session_properties" ? { catalogName: catalog } : {}),
          access: { properties: props, allow: r.allow !== false },
        },
      };
    }
    case "functions":
    case "procedures": {
      const name = section === "functions" ? "function" : "procedure";
      const no = extra(["catalog", "schema", name, "privileges"]);
      if (no) return no;
      const catalog = r.catalog === undefined ? ALL : literal(r.catalog);
      const schemas = names(r.schema);
      const routines = names(r[name]);
      if (catalog === null || !schemas || !routines)
        return { why: `a regular expression over catalogs, schemas or ${name}s` };
      return {
        value: {
          ...base,
          catalogName: catalog,
          schemaName: schemas.includes(ALL) ? [] : schemas,
          access: { routines, routinePrivileges: (r.privileges as string[]).map((p) => p.toUpperCase()) },
        },
      };
    }
    case "authorization": {
      const no = extra(["new_user", "new_role", "allow"]);
      if (no) return no;
      if ((r.new_user === undefined) === (r.new_role === undefined))
        return { why: "a rule naming both new users and new roles, or neither" };
      const targets = names(r.new_user ?? r.new_role);
      if (!targets) return { why: "a regular expression over the new owners" };
      const access = r.new_user !== undefined ? { targetUsers: targets } : { targetRoles: targets };
      return { value: { ...base, access: { ...access, allow: r.allow !== false } } };
    }
    default:
      return { why: "this section is kept as written" };
  }
}

/** A policy name for a rule: its section and place, and what it is about, within the name limit. */
export function ruleName(section: TrinoSection, index: number, rule: Record<string, unknown>): string {
  const about = ["user", "group", "original_user", "original_group", "catalog", "schema", "table", "property"]
    .map((k) => rule[k])
    .filter((v): v is string => typeof v === "string")
    .join(" ");
  const name = `${section} ${index + 1}${about ? ` (${about})` : ""}`;
  return name.length <= POLICY_LIMITS.name ? name : `${name.slice(0, POLICY_LIMITS.name - 1)}…`;
}

/** Every rule of the file, in the console's section order, converted where the forms say it exactly. */
export function readTrinoFile(doc: Record<string, unknown>, dir: Directory): FileRule[] {
  const out: FileRule[] = [];
  for (const section of TRINO_SECTIONS) {
    const list = doc[section];
    if (!Array.isArray(list)) continue;
    list.forEach((rule: Record<string, unknown>, index) => {
      const c = convert(section, rule, dir);
      out.push({
        section,
        index,
        rule,
        converted: "value" in c ? c.value : null,
        why: "why" in c ? c.why : null,
      });
    });
  }
  return out;
}
