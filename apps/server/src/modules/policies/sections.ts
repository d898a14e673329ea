import {
  ALL,
  RULE_KINDS,
  SECTION_OF_KIND,
  type PolicyAccess,
  type RuleKind,
  type TrinoSection,
} from "@console/contracts";
import type { CompilePolicy } from "./entries.js";
import { exactRegex } from "./sql.js";

/** One rule as Trino reads it, in a section other than catalogs, schemas and tables. */
export type SectionRule = Record<string, unknown>;

/** The sections other than catalogs, schemas and tables. */
export type OtherSection = Exclude<TrinoSection, "catalogs" | "schemas" | "tables">;

export interface CompiledSections {
  /** Only the sections some policy decides; a section left out keeps Trino's default. */
  sections: Partial<Record<OtherSection, SectionRule[]>>;
  /** For each rule of a section, the ids of the policies it came from. */
  sources: Partial<Record<OtherSection, number[][]>>;
}

const isKind = (c: string): c is RuleKind => (RULE_KINDS as readonly string[]).includes(c);

/** Names as one whole-name pattern: the names escaped, joined as alternatives, in a stable order. */
export const namesPattern = (names: Iterable<string>) => [...new Set(names)].sort().map(exactRegex).join("|");

/** A list of names or ".*" (every one) as a pattern; undefined when it is every one. */
function listPattern(names: string[]): string | undefined {
  return names.includes(ALL) ? undefined : namesPattern(names);
}

/**
 * Who a policy applies to, as the user pattern of its rules: undefined for everyone, null when
 * it applies to nobody (groups without members). Groups are expanded to their members, as for
 * table rules: some sections (impersonation, system information) cannot name a group, and a
 * rule then holds whatever group provider Trino uses.
 */
export function userPattern(p: CompilePolicy, members: Map<string, string[]>): string | undefined | null {
  if (p.assignToUsers.includes(ALL) || p.assignToGroups.includes(ALL)) return undefined;
  const users = new Set(p.assignToUsers);
  for (const g of p.assignToGroups) for (const u of members.get(g) ?? []) users.add(u);
  return users.size === 0 ? null : namesPattern(users);
}

const withUser = (user: string | undefined, field = "user") => (user === undefined ? {} : { [field]: user });

/** The rules one policy of a kind publishes, in the order they are written. */
function rulesOf(kind: RuleKind, p: CompilePolicy, a: PolicyAccess, user: string | undefined): SectionRule[] {
  switch (kind) {
    case "queries": {
      // A rule naming query owners decides viewing and killing only; running is decided by a rule without owners.
      const out: SectionRule[] = [];
      const watch = a.queryAccess.filter((x) => x !== "execute");
      if (a.queryOwners.length > 0) {
        const owner = a.queryOwners.includes(ALL) ? ".*" : namesPattern(a.queryOwners);
        out.push({ ...withUser(user), queryOwner: owner, allow: watch });
      }
      if (a.queryAccess.includes("execute") || a.queryOwners.length === 0)
        out.push({ ...withUser(user), allow: a.queryAccess.includes("execute") ? ["execute"] : [] });
      return out;
    }
    case "impersonation":
      return [
        {
          original_user: user ?? ".*",
          new_user: listPattern(a.targetUsers) ?? ".*",
          allow: a.allow,
        },
      ];
    case "systemInformation":
      return [{ ...withUser(user), allow: [...a.systemInformation] }];
    case "systemSessionProperties":
      return [{ ...withUser(user), ...opt("property", listPattern(a.properties)), allow: a.allow }];
    case "catalogSessionProperties":
      return [
        {
          ...withUser(user),
          ...catalogOf(p),
          ...opt("property", listPattern(a.properties)),
          allow: a.allow,
        },
      ];
    case "functions":
    case "procedures":
      return [
        {
          ...withUser(user),
          ...catalogOf(p),
          ...opt("schema", p.schemaName.length > 0 ? namesPattern(p.schemaName) : undefined),
          ...opt(kind === "functions" ? "function" : "procedure", listPattern(a.routines)),
          privileges: a.routinePrivileges.filter((x) => kind === "functions" || x !== "OWNERSHIP"),
        },
      ];
    case "authorization": {
      // A target of users, roles or both: one rule each, as a rule names one kind of principal.
      const out: SectionRule[] = [];
      const who = withUser(user, "original_user");
      if (a.targetUsers.length > 0) out.push({ ...who, new_user: listPattern(a.targetUsers) ?? ".*", allow: a.allow });
      if (a.targetRoles.length > 0) out.push({ ...who, new_role: listPattern(a.targetRoles) ?? ".*", allow: a.allow });
      return out;
    }
  }
}

const opt = (key: string, value: string | undefined) => (value === undefined ? {} : { [key]: value });
/** A catalog, or every catalog (".*") as no pattern at all. */
const catalogOf = (p: CompilePolicy) => opt("catalog", p.catalogName === ALL ? undefined : exactRegex(p.catalogName));

/** Precedence: lower priority number first, then lower id; the console's defaults after every other policy. */
export const precedes = (a: CompilePolicy, b: CompilePolicy) =>
  Number(a.system ?? false) - Number(b.system ?? false) || a.priority - b.priority || a.id - b.id;

/**
 * Trino's own defaults for sections the console may leave out: a section whose rules are exactly
 * these decides as its absence does, so it is not written (a Trino that predates a section still
 * reads the file). Impersonation's absence denies only while no `principals` section is present.
 */
const TRINO_DEFAULTS: Partial<Record<OtherSection, string>> = {
  impersonation: "[]",
  system_information: "[]",
  authorization: "[]",
  system_session_properties: JSON.stringify([{ allow: true }]),
  catalog_session_properties: JSON.stringify([{ allow: true }]),
  functions: JSON.stringify([{ catalog: "system", schema: "builtin", privileges: ["EXECUTE", "GRANT_EXECUTE"] }]),
  procedures: JSON.stringify([{ catalog: "system", schema: "builtin", privileges: ["EXECUTE", "GRANT_EXECUTE"] }]),
};

/**
 * Compiles the policies of the rules-file kinds and the verbatim rules (`trinoRule`) of those
 * sections: first match in precedence order, one or more rules per policy. Query rules that name
 * owners come before those that do not, so that a policy about running queries never decides who
 * sees someone else's (docs/policies.md, "Every section of the rules").
 */
export function compileSections(policies: CompilePolicy[], members: Map<string, string[]>): CompiledSections {
  const ordered = [...policies].sort(precedes);
  const sections: Partial<Record<OtherSection, SectionRule[]>> = {};
  const sources: Partial<Record<OtherSection, number[][]>> = {};
  const late: Array<{ section: OtherSection; rule: SectionRule; id: number }> = [];
  const push = (section: OtherSection, rule: SectionRule, id: number) => {
    (sections[section] ??= []).push(rule);
    (sources[section] ??= []).push([id]);
  };
  const touched = new Set<OtherSection>();
  for (const p of ordered) {
    const a = p.access;
    if (p.category === "trinoRule") {
      const section = a.section;
      if (section && a.rule && section !== "catalogs" && section !== "schemas" && section !== "tables") {
        push(section, a.rule, p.id);
        touched.add(section);
      }
      continue;
    }
    if (!isKind(p.category)) continue;
    const section = SECTION_OF_KIND[p.category] as OtherSection;
    touched.add(section);
    const user = userPattern(p, members);
    if (user === null) continue;
    for (const rule of rulesOf(p.category, p, a, user)) {
      if (section === "queries" && rule.queryOwner === undefined) late.push({ section, rule, id: p.id });
      else push(section, rule, p.id);
    }
  }
  for (const x of late) push(x.section, x.rule, x.id);
  for (const s of touched) {
    sections[s] ??= [];
    sources[s] ??= [];
  }
  for (const [s, json] of Object.entries(TRINO_DEFAULTS) as Array<[OtherSection, string]>) {
    if (s === "impersonation" && sections.principals) continue;
    if (sections[s] && JSON.stringify(sections[s]) === json) {
      delete sections[s];
      delete sources[s];
    }
  }
  return { sections, sources };
}
