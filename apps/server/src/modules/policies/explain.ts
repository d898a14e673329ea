import {
  ALL,
  type ExplainedPolicy,
  type ExplainedTable,
  type Explanation,
  type ExplainReason,
  type TrinoRules,
} from "@console/contracts";
import type { Queryable } from "../../platform/db/index.js";
import { notFound } from "../../platform/errors.js";
import { parseDenial, tablesInQuery } from "./denial-message.js";
import { entriesOf, scopeKey, STAR, type Entry } from "./entries.js";
import { evaluate } from "./evaluate.js";
import type { KeptPolicy, PublicationInputs } from "./store.js";

export interface QueryEventRow {
  query_id: string;
  created_at: Date;
  username: string;
  query: string;
  failed: boolean;
  error_name: string | null;
  failure_message: string | null;
  catalog: string | null;
  schema_name: string | null;
  inputs: unknown;
}

export interface PublicationAt {
  number: number;
  created_at: Date;
  rules: TrinoRules;
  inputs: PublicationInputs | null;
}

const EMPTY: TrinoRules = { catalogs: [], schemas: [], tables: [] };

export async function queryEvent(q: Queryable, queryId: string): Promise<QueryEventRow | null> {
  const { rows } = await q.query<QueryEventRow>(
    `SELECT query_id, created_at, username, query, failed, error_name, failure_message, catalog, schema_name, inputs
       FROM trino_query_events WHERE query_id = $1 ORDER BY created_at DESC LIMIT 1`,
    [queryId],
  );
  return rows[0] ?? null;
}

const KEPT = 4;
/** Publications never change: their rules and inputs are kept parsed, a few per database. */
const kept = new WeakMap<Queryable, Map<number, Promise<PublicationAt | null>>>();

export function loadPublication(q: Queryable, n: number): Promise<PublicationAt | null> {
  let byNumber = kept.get(q);
  if (!byNumber) kept.set(q, (byNumber = new Map()));
  let p = byNumber.get(n);
  if (!p) {
    p = q
      .query<PublicationAt>("SELECT number, created_at, rules, inputs FROM policy_publications WHERE number = $1", [n])
      .then((r) => r.rows[0] ?? null);
    if (byNumber.size >= KEPT) byNumber.delete(byNumber.keys().next().value!);
    byNumber.set(n, p);
    const m = byNumber;
    p.catch(() => m.delete(n));
  }
  return p;
}

/**
 * Keeps a publication just made (committed) as if read back, so that the first question after a
 * Sync does not read and parse again the rules and inputs the Sync has in hand.
 */
export function rememberPublication(q: Queryable, pub: PublicationAt): void {
  let byNumber = kept.get(q);
  if (!byNumber) kept.set(q, (byNumber = new Map()));
  if (byNumber.size >= KEPT) byNumber.delete(byNumber.keys().next().value!);
  byNumber.set(pub.number, Promise.resolve(pub));
}

/** The publication in force at an instant: the last one made at or before it. */
export async function publicationAt(q: Queryable, at: Date): Promise<PublicationAt | null> {
  const { rows } = await q.query<{ number: number }>(
    `SELECT number FROM policy_publications WHERE created_at <= $1 ORDER BY number DESC LIMIT 1`,
    [at.toISOString()],
  );
  return rows[0] ? loadPublication(q, rows[0].number) : null;
}

/** The tables and columns Trino's event lists as read (`ioMetadata.inputs`). */
function inputsOf(raw: unknown): Array<{ catalog: string; schema: string; table: string; columns: string[] }> {
  if (!Array.isArray(raw)) return [];
  const out: Array<{ catalog: string; schema: string; table: string; columns: string[] }> = [];
  for (const i of raw as Array<Record<string, unknown>>) {
    if (!i || typeof i.catalogName !== "string" || typeof i.schema !== "string" || typeof i.table !== "string")
      continue;
    const columns = Array.isArray(i.columns)
      ? (i.columns as unknown[])
          .map((c) =>
            typeof c === "string" ? c : c && typeof c === "object" ? (c as { column?: unknown }).column : null,
          )
          .filter((c): c is string => typeof c === "string")
      : [];
    out.push({ catalog: i.catalogName, schema: i.schema, table: i.table, columns });
  }
  return out;
}

/** The policies of a publication that apply to a user (directly, through a group, or to everyone), with their entries. */
export function applyingPolicies(inputs: PublicationInputs | null, user: string, groups: string[]) {
  if (!inputs) return [];
  const compiled = new Set(inputs.compiled);
  const out: Array<{ policy: KeptPolicy; entries: Entry[] }> = [];
  for (const p of inputs.policies) {
    if (!compiled.has(p.id)) continue;
    const assigned =
      p.assignToUsers.includes(ALL) ||
      p.assignToGroups.includes(ALL) ||
      p.assignToUsers.includes(user) ||
      p.assignToGroups.some((g) => groups.includes(g));
    if (!assigned) continue;
    try {
      out.push({ policy: p, entries: entriesOf(p) });
    } catch {
      // A policy the compiler refused is not in the rules either.
    }
  }
  return out;
}

/** Groups a user was in as a publication expanded them (null when the publication did not keep them). */
export function groupsAt(inputs: PublicationInputs | null, user: string): string[] | null {
  if (!inputs) return null;
  return Object.entries(inputs.members)
    .filter(([, users]) => users.includes(user))
    .map(([g]) => g)
    .sort();
}

/** Each applying policy's most specific entry covering the table, in precedence order. */
export function entriesOn(
  applying: ReturnType<typeof applyingPolicies>,
  c: string,
  s: string | null,
  t: string | null,
) {
  const keys = [
    ...(s !== null && t !== null ? [scopeKey(c, s, t)] : []),
    ...(s !== null ? [scopeKey(c, s, STAR)] : []),
    scopeKey(c, STAR, STAR),
  ];
  const found: Array<{ policy: KeptPolicy; entry: Entry }> = [];
  for (const a of applying) {
    for (const k of keys) {
      const e = a.entries.find((x) => x.key === k);
      if (e) {
        found.push({ policy: a.policy, entry: e });
        break;
      }
    }
  }
  return found.sort((a, b) => a.entry.priority - b.entry.priority || a.entry.policyId - b.entry.policyId);
}

const ref = (p: KeptPolicy) => ({ id: p.id, name: p.policyName });

/** Explains one table read under a publication's rules, naming the policies behind the first matching rule. */
export function explainTable(
  rules: TrinoRules,
  subject: { user: string; groups: string[] },
  applying: ReturnType<typeof applyingPolicies>,
  read: { catalog: string; schema: string | null; table: string | null; columns: string[] },
  needs = "SELECT",
): ExplainedTable {
  const e = evaluate(rules, subject, read.catalog, read.schema ?? "", read.table ?? "");
  const on = entriesOn(applying, read.catalog, read.schema, read.table);
  const roles = new Map<number, Set<ExplainedPolicy["roles"][number]>>();
  const role = (id: number, r: ExplainedPolicy["roles"][number]) =>
    (roles.get(id) ?? roles.set(id, new Set()).get(id)!).add(r);
  for (const { entry } of on)
    if (entry.privileges === 0) role(entry.policyId, "deny");
    else role(entry.policyId, "grant");
  const maskOf = (column: string) => {
    const hit = on.find((x) => x.entry.columns?.has(column));
    if (hit) role(hit.policy.id, "mask" in hit.entry.columns!.get(column)! ? "mask" : "hide");
    return hit ? ref(hit.policy) : null;
  };
  const filterBy = on.find((x) => x.entry.filter !== null);

  const privileged = e.privileges.includes(needs as (typeof e.privileges)[number]);
  const hiddenRead = read.columns.filter((c) => e.columns.get(c)?.allow === false);
  let reason: ExplainReason;
  if (e.catalogAccess === "none") reason = e.catalogRule === null ? "noCatalogRule" : "catalogDenied";
  else if (read.table !== null && e.tableRule === null && rules.tables) reason = "noRuleMatched";
  else if (read.table !== null && !privileged) reason = "ruleDenies";
  else if (hiddenRead.length > 0) reason = "columnHidden";
  else reason = "allowed";
  const allowed = reason === "allowed";

  const names = [...new Set([...read.columns, ...e.columns.keys()])];
  const columns = names.map((name) => {
    const c = e.columns.get(name);
    const outcome: ExplainedTable["columns"][number]["outcome"] = !privileged
      ? "denied"
      : c?.allow === false
        ? "hidden"
        : c?.mask
          ? "masked"
          : "visible";
    return { name, outcome, mask: c?.mask ?? null, policy: c ? maskOf(name) : null };
  });
  // The matched rule's filter is shown even when the privilege asked for is denied: it is the rule's.
  const filter = e.filter
    ? { expression: e.filter, policy: filterBy ? (role(filterBy.policy.id, "filter"), ref(filterBy.policy)) : null }
    : null;
  return {
    catalog: read.catalog,
    schema: read.schema,
    table: read.table,
    columnsRead: read.columns,
    allowed,
    reason,
    catalogAccess: e.catalogAccess,
    catalogRule: e.catalogRule === null ? null : { index: e.catalogRule, rule: rules.catalogs[e.catalogRule]! },
    tableRule: e.tableRule === null ? null : { index: e.tableRule, rule: rules.tables[e.tableRule]! },
    privileges: e.privileges,
    columns,
    filter,
    policies: on.map(({ policy }) => ({ ...ref(policy), roles: [...(roles.get(policy.id) ?? [])] })),
  };
}

/** The privilege a refused action needed. */
function privilegeFor(action: string): string {
  if (/^insert/.test(action)) return "INSERT";
  if (/^(delete|truncate)/.test(action)) return "DELETE";
  if (/^update/.test(action)) return "UPDATE";
  if (/^(create|drop|rename|set|comment|add|alter|refresh)/.test(action)) return "OWNERSHIP";
  return "SELECT";
}

/**
 * Explains a stored query with the publication in force when it ran: the tables it read (from
 * Trino's inputs; for a denied query, from the access-denied message and else the query text).
 */
export async function explainQuery(
  q: Queryable,
  ev: QueryEventRow,
  currentPublication: number | null,
  currentGroups: (user: string) => Promise<string[]>,
): Promise<Explanation> {
  const pub = await publicationAt(q, ev.created_at);
  const rules = pub?.rules ?? EMPTY;
  const groups = groupsAt(pub?.inputs ?? null, ev.username) ?? (await currentGroups(ev.username));
  const subject = { user: ev.username, groups };
  const applying = applyingPolicies(pub?.inputs ?? null, ev.username, groups);
  const accessDenied = ev.failed && ev.error_name === "PERMISSION_DENIED";
  const denial = accessDenied ? parseDenial(ev.failure_message) : null;

  let source: Explanation["source"] = "none";
  let bestEffort = false;
  let reads: Array<{ catalog: string; schema: string | null; table: string | null; columns: string[] }> = [];
  const inputs = inputsOf(ev.inputs);
  if (inputs.length > 0 && !accessDenied) {
    source = "inputs";
    reads = inputs;
  } else if (denial?.table && denial.catalog) {
    source = "message";
    reads = [{ catalog: denial.catalog, schema: denial.schema, table: denial.table, columns: denial.columns }];
  } else {
    // The message names no table (or only a catalog or schema): the query text says what it read.
    const session = { catalog: ev.catalog, schema: ev.schema_name };
    const fromText = tablesInQuery(ev.query, {
      catalog: denial?.catalog ?? session.catalog,
      schema: denial?.schema ?? session.schema,
    }).filter(
      (t) => (!denial?.catalog || t.catalog === denial.catalog) && (!denial?.schema || t.schema === denial.schema),
    );
    if (fromText.length > 0) {
      source = "queryText";
      bestEffort = true;
      reads = fromText.map((t) => ({ ...t, columns: [] }));
    } else if (denial?.catalog) {
      source = "message";
      bestEffort = true;
      reads = [{ catalog: denial.catalog, schema: denial.schema, table: null, columns: [] }];
    }
  }
  // An unknown form, or a refusal that names no table (show schemas, execute query): only partly explained.
  if (accessDenied && (!denial || reads.length === 0)) bestEffort = true;
  const needs = denial ? privilegeFor(denial.action) : "SELECT";
  return {
    queryId: ev.query_id,
    username: ev.username,
    createdAt: ev.created_at.toISOString(),
    query: ev.query,
    failed: ev.failed,
    accessDenied,
    errorName: ev.error_name,
    failureMessage: ev.failure_message,
    publication: pub ? { number: pub.number, createdAt: pub.created_at.toISOString() } : null,
    currentPublication,
    source,
    bestEffort,
    denial,
    groups,
    tables: reads.map((r) => explainTable(rules, subject, applying, r, needs)),
  };
}

export async function mustFindEvent(q: Queryable, queryId: string): Promise<QueryEventRow> {
  const ev = await queryEvent(q, queryId);
  if (!ev) throw notFound(`Query ${queryId}`);
  return ev;
}
