import type { WhoCanSee, WhoCanSeeQuery, WhoCanSeeUser } from "@console/contracts";
import type { CacheBus } from "../../platform/cache-bus.js";
import type { Db } from "../../platform/db/index.js";
import { ANY_NAME, privilegesOf, publishedAccess, until, type PublishedAccess } from "./published-access.js";
import { csvLines } from "../../platform/csv.js";
import * as store from "./store.js";

type Decided = Omit<WhoCanSeeUser, "lastRead" | "queries30" | "queries90">;
interface Answer {
  users: Decided[];
  usersChecked: number;
  groups: WhoCanSee["groups"];
}

const KEPT_ANSWERS = 64;
/** After a directory change, the directory (and the publication) are read ahead once things settle. */
const PREPARE_DELAY_MS = 500;

/** The question's scope, each name trimmed as the contract reads it. */
interface Scope {
  catalog: string;
  schema: string | null;
  table: string | null;
  column: string | null;
}

const levelOf = (q: Scope): WhoCanSee["level"] =>
  q.column !== null ? "column" : q.table !== null ? "table" : q.schema !== null ? "schema" : "catalog";

/** Everyone who can read a scope and how, decided for every user by the rules engine on the published rules. */
export function decideScope(pa: PublishedAccess, people: store.Person[], q: Scope): Answer {
  const level = levelOf(q);
  const known = new Set(people.map((p) => p.username));
  const subjects = [...people];
  for (const u of pa.namedUsers()) if (!known.has(u)) subjects.push({ username: u, enabled: true, groups: [] });
  const users: Decided[] = [];
  for (const p of subjects) {
    const s = { user: p.username, groups: p.groups };
    const a = pa.index.tableAccess(s, q.catalog, q.schema ?? ANY_NAME, q.table ?? ANY_NAME);
    let reads: boolean;
    if (level === "catalog") reads = pa.index.canAccessCatalog(s, q.catalog);
    else if (level === "schema") reads = pa.index.canSeeSchema(s, q.catalog, q.schema!);
    else reads = a.privileges.includes("SELECT") && (q.column === null || a.columns.get(q.column)?.allow !== false);
    if (!reads) continue;
    const onTable = level === "table" || level === "column";
    const paths = onTable
      ? pa.paths(p.username, "tables", a.tableRule, q.catalog, q.schema, q.table)
      : pa.paths(p.username, "catalogs", a.catalogRule, q.catalog, q.schema, null);
    const columns = [...a.columns].filter(([name]) => q.column === null || name === q.column);
    users.push({
      username: p.username,
      enabled: p.enabled,
      groups: p.groups,
      catalogAccess: a.catalogAccess === "owner" ? "all" : a.catalogAccess,
      catalogRule: a.catalogRule,
      tableRule: onTable ? a.tableRule : null,
      privileges: onTable ? privilegesOf(a) : [],
      paths,
      masks: onTable
        ? columns.filter(([, c]) => c.allow && c.mask).map(([column, c]) => ({ column, mask: c.mask! }))
        : [],
      hidden: onTable ? columns.filter(([, c]) => !c.allow).map(([column]) => column) : [],
      filter: onTable ? a.filter : null,
      until: until(paths),
    });
  }
  return { users, usersChecked: subjects.length, groups: pa.givingGroups(q.catalog, q.schema, q.table, q.column) };
}

/**
 * The reverse view: who can read a catalog, schema, table or column. The engine's answers are
 * kept per publication and scope until the policies or the directory change; the last reads and
 * query counts are read fresh from the access rollup on every call.
 */
export class WhoCanSeeService {
  private people: Promise<store.Person[]> | null = null;
  private readonly answers = new Map<string, Answer>();
  private preparing: NodeJS.Timeout | undefined;

  constructor(
    private readonly db: Db,
    bus: CacheBus,
  ) {
    bus.on("users", () => {
      this.people = null;
      this.answers.clear();
      this.prepareSoon(PREPARE_DELAY_MS);
    });
    // A new publication: it is prepared at once (Sync has just kept it in memory, with its
    // rules engine), so that the first question after a Sync finds it ready. The directory is
    // read again with it: whatever changed users without a word is caught up at each Sync.
    bus.on("policies", () => {
      this.people = null;
      this.answers.clear();
      this.prepareSoon(0);
    });
    this.prepareSoon(PREPARE_DELAY_MS);
  }

  /**
   * Reads the current publication (compiling its rules engine) and the directory ahead of the
   * first question: at start and after each change, so that the first answer does not wait for them.
   */
  private prepareSoon(delayMs: number) {
    clearTimeout(this.preparing);
    this.preparing = setTimeout(() => {
      void Promise.all([publishedAccess(this.db), this.directory()]).catch(() => undefined);
    }, delayMs);
    this.preparing.unref();
  }

  stop() {
    clearTimeout(this.preparing);
  }

  private directory(): Promise<store.Person[]> {
    if (!this.people) {
      const p = store.people(this.db);
      this.people = p;
      p.catch(() => (this.people = null));
    }
    return this.people;
  }

  async answer(query: WhoCanSeeQuery): Promise<WhoCanSee> {
    const q: Scope = {
      catalog: query.catalog,
      schema: query.schema ?? null,
      table: query.table ?? null,
      column: query.column ?? null,
    };
    const pa = await publishedAccess(this.db);
    const key = JSON.stringify([pa.number, q]);
    let decided = this.answers.get(key);
    const [people, usage] = await Promise.all([
      decided ? null : this.directory(),
      store.usage(this.db, {
        catalogs: [q.catalog],
        schema: q.schema ?? undefined,
        table: q.table ?? undefined,
        column: q.column ?? undefined,
      }),
    ]);
    if (!decided) {
      decided = decideScope(pa, people!, q);
      if (this.answers.size >= KEPT_ANSWERS) this.answers.delete(this.answers.keys().next().value!);
      this.answers.set(key, decided);
    }
    const byUser = new Map<string, { last: Date | null; q30: number; q90: number }>();
    for (const u of usage) {
      const b = byUser.get(u.username) ?? byUser.set(u.username, { last: null, q30: 0, q90: 0 }).get(u.username)!;
      if (u.last_read && (!b.last || u.last_read > b.last)) b.last = u.last_read;
      b.q30 += u.queries30;
      b.q90 += u.queries90;
    }
    return {
      level: levelOf(q),
      ...q,
      publication: pa.number,
      usersChecked: decided.usersChecked,
      users: decided.users.map((u) => {
        const b = byUser.get(u.username);
        return { ...u, lastRead: b?.last?.toISOString() ?? null, queries30: b?.q30 ?? 0, queries90: b?.q90 ?? 0 };
      }),
      groups: decided.groups,
    };
  }
}

export function whoCanSeeCsv(w: WhoCanSee): string {
  return csvLines([
    [
      "username",
      "enabled",
      "groups",
      "privileges",
      "via",
      "policies",
      "table_rule",
      "masked_columns",
      "hidden_columns",
      "row_filter",
      "until",
      "last_read",
      "queries_30_days",
      "queries_90_days",
    ],
    ...w.users.map((u) => [
      u.username,
      u.enabled,
      u.groups.join(" "),
      u.privileges.join(" "),
      [...new Set(u.paths.map((p) => (p.via === "group" ? `group ${p.group}` : p.via)))].join(" "),
      [...new Set(u.paths.map((p) => `${p.policyName} (${p.policyId})`))].join("; "),
      u.tableRule,
      u.masks.map((m) => m.column).join(" "),
      u.hidden.join(" "),
      u.filter,
      u.until,
      u.lastRead,
      u.queries30,
      u.queries90,
    ]),
  ]);
}
