import { ALL, type AccessPath, type Privilege, type ReviewScope } from "@console/contracts";
import { nameOf } from "../policies/access-index.js";
import { ANY_NAME, type PublishedAccess } from "./published-access.js";
import type { Person } from "./store.js";

/** One person's access to one table (or a whole schema: table "*"), as a review item holds it. */
export interface Access {
  username: string;
  catalog: string;
  schema: string;
  table: string;
  privileges: Privilege[];
  paths: AccessPath[];
}

interface Candidate {
  rule: number;
  catalog: string;
  schema: string;
  table: string;
}

/** Whether a table (or a schema's rule, table "*") lies in the scope's catalogs, schemas or tables. */
function inPlaces(scope: ReviewScope, c: string, s: string, t: string): boolean {
  return scope.catalogs.includes(c) || scope.schemas.includes(`${c}.${s}`) || scope.tables.includes(`${c}.${s}.${t}`);
}

/**
 * Every access in a review's scope under the published rules: for each table rule naming a
 * catalog, the rules engine says which rule decides for each user, and an access is listed when
 * it is that rule and it grants SELECT (as My access lists tables). Access given to everyone is
 * left out: no person can be taken out of it, it is reviewed as its policy. Policies and groups
 * in the scope keep the accesses that come through them.
 */
export function accessesInScope(pa: PublishedAccess, people: Person[], scope: ReviewScope): Access[] {
  const byPath = scope.policies.length > 0 || scope.groups.length > 0;
  const own = new Map<string, Candidate[]>();
  const anyone: Candidate[] = [];
  const sources = pa.pub?.inputs?.sources?.tables ?? [];
  pa.rules.tables.forEach((r, rule) => {
    const f = r as { user?: string; catalog?: string; schema?: string; table?: string };
    const catalog = nameOf(f.catalog);
    if (catalog === "*") return;
    const c: Candidate = { rule, catalog, schema: nameOf(f.schema), table: nameOf(f.table) };
    if (!byPath && !inPlaces(scope, c.catalog, c.schema, c.table)) return;
    // A rule only policies for everyone are behind gives nobody an access of their own.
    const ids = sources[rule] ?? [];
    const toEveryone = (id: number) => {
      const p = pa.policies.get(id);
      return !p || p.assignToUsers.includes(ALL) || p.assignToGroups.includes(ALL);
    };
    if (ids.length > 0 && ids.every(toEveryone)) return;
    const user = f.user === undefined ? "*" : nameOf(f.user);
    if (user === "*") anyone.push(c);
    else (own.get(user) ?? own.set(user, []).get(user)!).push(c);
  });

  const out: Access[] = [];
  for (const p of people) {
    const seen = new Set<string>();
    const subject = { user: p.username, groups: p.groups };
    for (const list of [own.get(p.username) ?? [], anyone])
      for (const c of list) {
        const key = `${c.catalog}\u0000${c.schema}\u0000${c.table}`;
        if (seen.has(key)) continue;
        const a = pa.index.tableAccess(
          subject,
          c.catalog,
          c.schema === "*" ? ANY_NAME : c.schema,
          c.table === "*" ? ANY_NAME : c.table,
        );
        if (a.tableRule !== c.rule) continue;
        seen.add(key);
        if (!a.privileges.includes("SELECT")) continue;
        const paths = pa
          .paths(
            p.username,
            "tables",
            c.rule,
            c.catalog,
            c.schema === "*" ? null : c.schema,
            c.table === "*" ? null : c.table,
          )
          .filter((x) => x.via !== "everyone");
        if (paths.length === 0) continue;
        const kept = inPlaces(scope, c.catalog, c.schema, c.table)
          ? paths
          : paths.filter(
              (x) => scope.policies.includes(x.policyId) || (x.group !== null && scope.groups.includes(x.group)),
            );
        if (kept.length === 0) continue;
        out.push({
          username: p.username,
          catalog: c.catalog,
          schema: c.schema,
          table: c.table,
          privileges: a.privileges as Privilege[],
          paths: kept,
        });
      }
  }
  return out;
}

/** A stable choice among reviewers for a person (all of one person's items go to the same reviewer), never themselves when another exists. */
export function reviewerFor(pool: string[], username: string): string | null {
  if (pool.length === 0) return null;
  let h = 0;
  for (const ch of username) h = (h * 31 + ch.charCodeAt(0)) >>> 0;
  const first = pool[h % pool.length]!;
  return first === username && pool.length > 1 ? pool[(h + 1) % pool.length]! : first;
}
