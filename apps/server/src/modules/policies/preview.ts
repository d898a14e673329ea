import { ALL, TAG_CATEGORIES, type ImpactPreview, type PolicyValues, type TrinoRules } from "@console/contracts";
import type { CacheBus } from "../../platform/cache-bus.js";
import type { Db } from "../../platform/db/index.js";
import { HttpError } from "../../platform/errors.js";
import { checkPolicy } from "./checks.js";
import { compilePolicies, type CompilePolicy } from "./compile.js";
import { problemsError } from "./name-checks.js";
import { diffAccesses, impactOf, type Access, type EvalCache, type UsersNow } from "./impact-diff.js";
import { diffImpersonations, impersonationsIn } from "./impact-impersonation.js";
import type { PublicationService } from "./publish.js";
import * as store from "./store.js";

const CACHE_MS = 60_000;
const WARM_WHILE_USED_MS = 3_600_000;
const WARM_DELAY_MS = 2_000;

interface InForce {
  input: CompilePolicy[];
  members: Map<string, string[]>;
  users: UsersNow;
  /** Sync's candidate, compiled on first use. */
  after: TrinoRules | null;
  /** Evaluations under the current publication (by its number) and the candidate, by user and table. */
  evals: Map<number | null, EvalCache>;
}

const EMPTY: TrinoRules = { catalogs: [], schemas: [], tables: [] };

/** What the preview reads the accesses of: some catalogs, and some users (all when null). */
interface Reach {
  catalogs: string[];
  users: string[] | null;
}

/**
 * The impact preview: what a change to the policies does to the accesses Trino's queries made
 * in the last days (from the access rollup), as Trino would decide them. It reads only.
 */
export class ImpactService {
  private cached: Promise<InForce> | null = null;
  private cachedAt = 0;
  private usedAt = 0;
  private warming: NodeJS.Timeout | undefined;

  constructor(
    private readonly db: Db,
    private readonly publications: PublicationService,
    bus: CacheBus,
  ) {
    const drop = () => {
      this.cached = null;
      // While administrators use the preview, the next one is made ready after each change.
      if (Date.now() - this.usedAt < WARM_WHILE_USED_MS) {
        clearTimeout(this.warming);
        this.warming = setTimeout(() => void this.sync(90, false).catch(() => undefined), WARM_DELAY_MS);
        this.warming.unref();
      }
    };
    bus.on("policies", drop);
    bus.on("users", drop);
  }

  /** Sync's preview: the current publication against what Sync would publish now. */
  async sync(window: number, used = true): Promise<ImpactPreview> {
    if (used) this.usedAt = Date.now();
    const [now, number, accesses, impersonated] = await Promise.all([
      this.inForce(),
      store.currentNumber(this.db),
      this.accesses(window, null),
      impersonationsIn(this.db, window),
    ]);
    const before = number === null ? EMPTY : await this.publications.rulesOf(number);
    now.after ??= compilePolicies(now.input, now.members).rules;
    let evals = now.evals.get(number);
    if (!evals) now.evals.set(number, (evals = new Map()));
    const changes = diffAccesses(accesses, now.users, before, now.after, evals);
    const impersonations = diffImpersonations(impersonated, now.users, before, now.after);
    return impactOf(changes, { mode: "sync", window, publication: number }, impersonations);
  }

  /**
   * The wizard's preview: the saved policies in force, and the same with the unsaved policy (in
   * place of the one it edits). Only the users and catalogs the policy (or the version it
   * replaces) reaches can change: only their policies are compiled and their accesses read.
   */
  async policy(window: number, v: PolicyValues, policyId: number | undefined): Promise<ImpactPreview> {
    this.usedAt = Date.now();
    // What the wizard would save is checked as saving checks it, its fields named under `policy`.
    try {
      checkPolicy(v, { periodChanged: false });
    } catch (err) {
      if (err instanceof HttpError && err.field)
        throw new HttpError(
          400,
          err.error,
          err.description,
          `policy.${err.field}`,
          {},
          err.fields && Object.fromEntries(Object.entries(err.fields).map(([f, m]) => [`policy.${f}`, m])),
        );
      throw err;
    }
    const [{ input, members, users }, saved] = await Promise.all([
      this.inForce(),
      policyId === undefined ? null : store.policyById(this.db, policyId),
    ]);
    if (policyId !== undefined && !saved)
      throw new HttpError(400, `policyId: policy ${policyId} does not exist`, "invalid_request", "policyId");
    const maxPriority = input.reduce((m, p) => Math.max(m, p.priority), 0);
    const unsaved: CompilePolicy = {
      ...v,
      id: policyId ?? Number.MAX_SAFE_INTEGER,
      priority: v.priority ?? saved?.priority ?? maxPriority + 1,
      policyName: v.policyName,
      category: v.category,
    };
    if (TAG_CATEGORIES.includes(v.category))
      unsaved.tagTables = (
        await this.publications.resolveTags([{ id: unsaved.id, category: v.category, body: v }])
      ).get(unsaved.id);
    const old = policyId === undefined ? undefined : input.find((p) => p.id === policyId);
    const changed = old ? [unsaved, old] : [unsaved];
    const reach: Reach = {
      catalogs: [...new Set(changed.map((p) => p.catalogName))],
      users: changed.some(toEveryone) ? null : [...new Set(changed.flatMap((p) => principals(p, members)))],
    };
    const reached = (p: CompilePolicy) =>
      reach.catalogs.includes(p.catalogName) &&
      (reach.users === null || toEveryone(p) || principals(p, members).some((u) => reach.users!.includes(u)));
    const base = input.filter((p) => p.id !== policyId && reached(p));
    const accesses = await this.accesses(window, reach);
    const before = compilePolicies(old ? [...base, old] : base, members).rules;
    const compiled = compilePolicies([...base, unsaved], members);
    // A policy that does not compile would be left out of the rules: refused, naming its field.
    const problem = compiled.problems.find((x) => x.policyId === unsaved.id);
    if (problem)
      throw problemsError([{ field: `policy.${problem.field}`, message: problem.message }], { inWords: true });
    const after = compiled.rules;
    // Impersonations of the principals the policy reaches (service accounts it is assigned to).
    const impersonated = (await impersonationsIn(this.db, window)).filter(
      (i) => reach.users === null || reach.users.includes(i.principal),
    );
    return impactOf(
      diffAccesses(accesses, users, before, after),
      { mode: "policy", window, publication: await store.currentNumber(this.db) },
      diffImpersonations(impersonated, users, before, after),
    );
  }

  /**
   * What is in force now, group members and users, with Sync's candidate compiled from them and
   * the evaluations made under it: kept until a policy, user or group changes (or a minute
   * passes, for access periods and tags), so that previews in a row redo only the usage.
   */
  private inForce(): Promise<InForce> {
    if (!this.cached || Date.now() - this.cachedAt > CACHE_MS) {
      this.cachedAt = Date.now();
      const p = (async () => {
        const [{ input }, members, users] = await Promise.all([
          this.publications.inForceNow(Date.now()),
          store.groupMembers(this.db),
          this.usersNow(),
        ]);
        return { input, members, users, after: null, evals: new Map() };
      })();
      p.catch(() => {
        if (this.cached === p) this.cached = null;
      });
      this.cached = p;
    }
    return this.cached;
  }

  /** Users as of now, each with their groups. */
  private async usersNow(): Promise<UsersNow> {
    const { rows } = await this.db.query<{ username: string; groups: string[] }>(
      `SELECT u.username, coalesce(array_agg(g.name) FILTER (WHERE g.name IS NOT NULL), '{}') AS groups
         FROM users u LEFT JOIN user_groups ug ON ug.user_id = u.id LEFT JOIN groups g ON g.id = ug.group_id
        GROUP BY u.username`,
    );
    return new Map(rows.map((r) => [r.username, r.groups]));
  }

  /** The distinct accesses of the window's days (today included), summed from the rollup. */
  private async accesses(window: number, reach: Reach | null): Promise<Access[]> {
    const since = new Date(Date.now() - (window - 1) * 86_400_000).toISOString().slice(0, 10);
    const params: unknown[] = [since];
    let where = "";
    if (reach) {
      params.push(reach.catalogs);
      where += ` AND a.catalog = ANY($${params.length}::text[])`;
      if (reach.users) {
        params.push(reach.users);
        where += ` AND a.username = ANY($${params.length}::text[])`;
      }
    }
    const { rows } = await this.db.query<{
      username: string;
      catalog: string;
      schema_name: string;
      table_name: string;
      columns: string[];
      queries: string;
      last_seen: Date;
    }>(
      // All accesses: the window's days summed by key, then named. Some: named first, then
      // their days read by key.
      reach
        ? `SELECT a.username, a.catalog, a.schema_name, a.table_name, a.columns,
                  sum(r.queries) AS queries, max(r.last_seen) AS last_seen
             FROM trino_accesses a JOIN trino_access_rollup r ON r.access_key = a.access_key AND r.day >= $1::date
            WHERE true${where} GROUP BY a.access_key`
        : `SELECT a.username, a.catalog, a.schema_name, a.table_name, a.columns, s.queries, s.last_seen
             FROM (SELECT access_key, sum(queries) AS queries, max(last_seen) AS last_seen
                     FROM trino_access_rollup WHERE day >= $1::date GROUP BY access_key) s
             JOIN trino_accesses a ON a.access_key = s.access_key`,
      params,
    );
    return rows.map((r) => ({
      user: r.username,
      catalog: r.catalog,
      schema: r.schema_name,
      table: r.table_name,
      columns: r.columns,
      queries: Number(r.queries),
      lastSeen: r.last_seen,
    }));
  }
}

const toEveryone = (p: CompilePolicy) => p.assignToUsers.includes(ALL) || p.assignToGroups.includes(ALL);

function principals(p: CompilePolicy, members: Map<string, string[]>): string[] {
  return [...p.assignToUsers, ...p.assignToGroups.flatMap((g) => members.get(g) ?? [])];
}
