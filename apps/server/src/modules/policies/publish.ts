import {
  POLICY_AUDIT_SOURCE,
  TAG_CATEGORIES,
  type Publication,
  type PublicationDiff,
  type PublicationSummary,
  type SyncIssue,
  type SyncPreview,
  type SyncResult,
  type TrinoRules,
  type Visibility,
} from "@console/contracts";
import { writeAudit, type Actor } from "../../platform/audit.js";
import type { CacheBus } from "../../platform/cache-bus.js";
import type { Db, Queryable } from "../../platform/db/index.js";
import { HttpError, notFound } from "../../platform/errors.js";
import { renderTrinoGroupFile } from "../../platform/trino-groups.js";
import { checkRules, compilePolicies, type CompilePolicy } from "./compile.js";
import { evaluate } from "./evaluate.js";
import { rememberPublication, type PublicationAt } from "./explain.js";
import { diffPublications } from "./publication-diff.js";
import { refusedWrites } from "./refused-writes.js";
import type { Metadata } from "./metadata.js";
import type { NotebookClient } from "./notebook-client.js";
import { asOfNow, inPeriod, membershipChanges, publishPeriodChange } from "./periods.js";
import * as store from "./store.js";
import { isExpired } from "./service.js";
import { lintKinds, lintShadowed } from "./lint.js";
import { fromCompileProblem, narrowedWarnings, reviewNames, type Review } from "./sync-review.js";

/** Only one publication is made at a time, across replicas. */
const PUBLISH_LOCK = 727_200;

export interface Served {
  number: number;
  etag: string;
  body: string;
}

/** A policy can be in force when enabled, approved or not a request, and its access period has not ended. */
function publishable(r: store.PolicyRow, now: number): boolean {
  if (r.state !== "enabled") return false;
  if (r.approval_status && r.approval_status !== "APPROVED") return false;
  return !isExpired(r, now);
}

/** A policy is in force when publishable and its access period has started. */
export function inForce(r: store.PolicyRow, now = Date.now()): boolean {
  return publishable(r, now) && (r.start_date === null || r.start_date.getTime() <= now);
}

/** Publications' rules kept parsed (they never change), for "what can this user see". */
const RULES_KEPT = 4;

export class PublicationService {
  private served: Promise<Served | null> | null = null;
  /** The same, once loaded: Trino's polls are answered from it without waiting on anything. */
  private servedNow: Served | null | undefined = undefined;
  private readonly rulesByNumber = new Map<number, Promise<TrinoRules>>();

  constructor(
    private readonly db: Db,
    private readonly bus: CacheBus,
    private readonly notebook: () => NotebookClient,
    private readonly metadata: Metadata,
  ) {
    bus.on("policies", () => {
      this.served = null;
      this.servedNow = undefined;
    });
  }

  /** The current publication if it is in memory (null: none exists), else undefined. */
  currentNow(): Served | null | undefined {
    return this.servedNow;
  }

  /** The current publication as Trino receives it, kept in memory until the next change. */
  current(): Promise<Served | null> {
    if (!this.served) {
      const p = this.loadServed();
      this.served = p;
      p.then(
        (v) => {
          if (this.served === p) this.servedNow = v;
        },
        () => {
          if (this.served === p) this.served = null;
        },
      );
    }
    return this.served;
  }

  private async loadServed(): Promise<Served | null> {
    const n = await store.currentNumber(this.db);
    if (n === null) return null;
    const row = await store.publication(this.db, n);
    if (!row) return null;
    return { number: n, etag: row.etag, body: JSON.stringify(row.rules) };
  }

  /** One publication's rules, parsed once and kept (a publication never changes). */
  rulesOf(n: number): Promise<TrinoRules> {
    let r = this.rulesByNumber.get(n);
    if (!r) {
      r = store.publication(this.db, n).then((row) => {
        if (!row) throw notFound(`Publication ${n}`);
        return row.rules;
      });
      if (this.rulesByNumber.size >= RULES_KEPT) this.rulesByNumber.delete(this.rulesByNumber.keys().next().value!);
      this.rulesByNumber.set(n, r);
      r.catch(() => this.rulesByNumber.delete(n));
    }
    return r;
  }

  /** Tables each tag policy's tags resolve to, from the data catalogue. */
  async resolveTags(
    rows: Array<
      Pick<store.PolicyRow, "id" | "category"> & { body: Pick<store.PolicyBody, "catalogName" | "schemaName" | "tags"> }
    >,
  ): Promise<Map<number, Array<{ schema: string; table: string }>>> {
    const out = new Map<number, Array<{ schema: string; table: string }>>();
    const tagRows = rows.filter((r) => TAG_CATEGORIES.includes(r.category));
    if (tagRows.length === 0) return out;
    const client = this.notebook();
    const answers = new Map<string, Promise<Array<{ schema: string; table: string }>>>();
    for (const r of tagRows) {
      const schema = r.body.schemaName[0] ?? null;
      const key = JSON.stringify([r.category, r.body.catalogName, schema, [...r.body.tags].sort()]);
      let a = answers.get(key);
      if (!a) {
        a = client.tablesByTags(r.category, r.body.catalogName, schema, r.body.tags).then((objs) => {
          const seen = new Map<string, { schema: string; table: string }>();
          for (const o of objs)
            seen.set(`${o.schema_name}.${o.table_name}`, { schema: o.schema_name, table: o.table_name });
          return [...seen.values()];
        });
        answers.set(key, a);
      }
      out.set(r.id, await a);
    }
    return out;
  }

  /** What is in force now, as the compiler takes it (tag policies resolved to their tables). */
  async inForceNow(now: number) {
    const rows = await store.allPolicies(this.db);
    // Policies whose period starts later are kept with the publication, so that it can take them in on time.
    const kept = rows.filter((r) => publishable(r, now));
    const active = kept.filter((r) => inForce(r, now));
    const tags = await this.resolveTags(kept);
    const policies: store.KeptPolicy[] = kept.map((r) => ({
      ...r.body,
      id: r.id,
      priority: r.priority,
      policyName: r.policy_name,
      category: r.category,
      system: r.system_policy,
      tagTables: tags.get(r.id),
    }));
    const input = policies.filter((p) => inPeriod(p.tnc, now));
    return { rows, active, input, policies };
  }

  /**
   * Compiles what is in force and reviews it: Sync publishes it only when there is no error.
   * Policies due to start are checked too: their start publishes without anyone to refuse it.
   */
  private async prepare(q: Queryable, input: CompilePolicy[], names: Review, kept: CompilePolicy[] = input) {
    const members = await store.groupMembers(q);
    const compiled = compilePolicies(input, members);
    const problems = kept.length > input.length ? compilePolicies(kept, members).problems : compiled.problems;
    const errors = [...problems.map(fromCompileProblem), ...names.errors];
    const why = errors.length === 0 ? checkRules(compiled.rules) : null;
    if (why) errors.push({ policyId: null, policyName: null, field: null, message: why });
    const warnings = [
      ...names.warnings,
      ...lintShadowed(input, members, compiled),
      ...lintKinds(input, members, compiled),
      ...narrowedWarnings(compiled.narrowed, input),
    ];
    return { compiled, members, errors, warnings };
  }

  /** The rules Sync would publish now (unchecked against Trino's catalogue), with the policies behind each rule. */
  async candidate() {
    const { input } = await this.inForceNow(Date.now());
    const compiled = compilePolicies(input, await store.groupMembers(this.db));
    return { rules: compiled.rules, sources: compiled.sources, policies: input };
  }

  /** What Sync would do now: the errors that would refuse it and the warnings, publishing nothing. */
  async preview(): Promise<SyncPreview> {
    const { input, policies } = await this.inForceNow(Date.now());
    const names = await reviewNames(input, this.metadata);
    const { compiled, errors, warnings } = await this.prepare(this.db, input, names, policies);
    const r = compiled.rules;
    return {
      policyCount: compiled.policyCount,
      ruleCount: r.catalogs.length + r.schemas.length + r.tables.length,
      errors,
      warnings,
    };
  }

  /** Compiles what is in force, validates it and makes it the current publication (or refuses, listing why). */
  async sync(actor: Actor): Promise<SyncResult> {
    const now = Date.now();
    const { rows, active, input, policies } = await this.inForceNow(now);
    const names = await reviewNames(input, this.metadata);
    const result = await this.db.tx(async (q) => {
      await q.query("SELECT pg_advisory_xact_lock($1)", [PUBLISH_LOCK]);
      const { compiled, members, errors, warnings } = await this.prepare(q, input, names, policies);
      if (errors.length > 0) throw refusal(errors);
      const { summary: pub, at } = await this.store(q, compiled.rules, compiled.policyCount, actor, {
        policies,
        members: Object.fromEntries(members),
        compiled: input.map((p) => p.id),
        sources: compiled.sources,
      });
      // What was published is in sync; requests awaiting a decision are not.
      await q.query(
        `UPDATE policies SET synced = true WHERE state <> 'deleted' AND (approval_status IS NULL OR approval_status = 'APPROVED')`,
      );
      const newlyExpired = rows.filter((r) => r.state === "enabled" && isExpired(r, now) && !r.expiry_noted);
      for (const r of newlyExpired) {
        await writeAudit(q, {
          source: POLICY_AUDIT_SOURCE,
          action: "Policy Expired",
          actor,
          status: "success",
          subjectId: String(r.id),
          subjectName: r.policy_name,
          details: { endDate: r.end_date?.toISOString() ?? null },
        });
        await q.query("UPDATE policies SET expiry_noted = true WHERE id = $1", [r.id]);
      }
      await writeAudit(q, {
        source: POLICY_AUDIT_SOURCE,
        action: "Sync",
        actor,
        status: "success",
        summary: `Publication ${pub.number}: ${compiled.policyCount} policies, ${pub.ruleCount} rules`,
        details: { publication: pub.number, policies: active.map((r) => r.id) },
      });
      return { pub, at, expired: newlyExpired.length, warnings };
    });
    rememberPublication(this.db, result.at);
    await this.bus.publish("policies");
    return {
      message: `Synced: publication ${result.pub.number} is in force.`,
      publication: result.pub,
      expired: result.expired,
      warnings: result.warnings,
      endedLeftOut: [],
    };
  }

  private async store(
    q: Queryable,
    rules: TrinoRules,
    policyCount: number,
    actor: Actor,
    inputs: store.PublicationInputs,
  ) {
    const groupFile = await renderTrinoGroupFile(q);
    const body = JSON.stringify(rules);
    const row = await store.publish(q, {
      rules,
      groupFile,
      etag: store.etagOf(body),
      policyCount,
      restoredFrom: null,
      by: actor.username,
      inputs,
    });
    // Kept once committed, as a later read would find it; the rules are the very object Sync's
    // checks compiled the rules engine for (engines are kept per rules object), so the first
    // question after the Sync finds that engine ready.
    const at: PublicationAt = { number: row.number, created_at: row.created_at, rules, inputs: row.inputs };
    return { summary: store.toPublicationSummary(row, row.number), at };
  }

  /**
   * Publishes again when an access period started or ended since the current publication
   * (run once a minute, on one replica; the publication lock makes a second run a no-op).
   */
  async applyPeriods(now = Date.now()): Promise<SyncResult | null> {
    const result = await this.db.tx(async (q) => {
      await q.query("SELECT pg_advisory_xact_lock($1)", [PUBLISH_LOCK]);
      const n = await store.currentNumber(q);
      const current = n === null ? null : await store.publication(q, n);
      return current ? publishPeriodChange(q, current, now) : null;
    });
    if (!result) return null;
    await this.bus.publish("policies");
    const pub = store.toPublicationSummary(result.pub, result.pub.number);
    return {
      message: `Access periods applied: publication ${pub.number} is in force.`,
      publication: pub,
      expired: result.expired,
      // Nothing to lint: the policies are those the last Sync published, already reviewed then.
      warnings: [],
      endedLeftOut: [],
    };
  }

  /** Whether the publication in force still matches the memberships it expanded (the periodic check republishes it if not). */
  async status(): Promise<{ publication: number | null; membershipsChanged: string[] }> {
    const n = await store.currentNumber(this.db);
    const row = n === null ? null : await store.publication(this.db, n);
    if (!row?.inputs) return { publication: n, membershipsChanged: [] };
    return { publication: n, membershipsChanged: membershipChanges(row.inputs, await store.groupMembers(this.db)) };
  }

  async list(): Promise<{ items: PublicationSummary[] }> {
    const current = await store.currentNumber(this.db);
    return { items: (await store.publications(this.db)).map((r) => store.toPublicationSummary(r, current)) };
  }

  async get(n: number): Promise<Publication> {
    const row = await store.publication(this.db, n);
    if (!row) throw notFound(`Publication ${n}`);
    return store.toPublication(row, await store.currentNumber(this.db));
  }

  async compare(from: number, to: number): Promise<PublicationDiff> {
    const [a, b] = await Promise.all([this.get(from), this.get(to)]);
    const sections = diffPublications(a, b);
    return { from, to, sections };
  }

  /**
   * Publishes an earlier publication's rules and group file again, as a new number (checked first,
   * as any), compiled again as it holds now when anything changed since (asOfNow): policies whose
   * access period has ended are left out and named in the answer, and groups whose members
   * changed are expanded as they are now and named too.
   */
  async restore(n: number, actor: Actor): Promise<SyncResult> {
    const old = await this.get(n);
    const why = checkRules(old.rules);
    if (why) throw new HttpError(400, `Publication ${n} cannot be restored: ${why}`, "invalid_rules");
    const { pub, ended, regrouped } = await this.db.tx(async (q) => {
      await q.query("SELECT pg_advisory_xact_lock($1)", [PUBLISH_LOCK]);
      const oldRow = await store.publication(q, n);
      if (!oldRow) throw notFound(`Publication ${n}`);
      // As it holds now: a restore never brings back access that has run out.
      const asNow = oldRow.inputs ? asOfNow(oldRow.inputs, await store.groupMembers(q), Date.now()) : null;
      if (asNow?.problem)
        throw new HttpError(400, `Publication ${n} cannot be restored: ${asNow.problem}`, "invalid_rules");
      const rules = asNow ? asNow.compiled.rules : oldRow.rules;
      const policyCount = asNow ? asNow.compiled.policyCount : oldRow.policy_count;
      const inputs = asNow ? asNow.inputs : oldRow.inputs;
      const ended = (asNow?.ended ?? []).map((p) => ({ id: p.id, name: p.policyName }));
      const regrouped = asNow?.groups ?? [];
      const groupFile = regrouped.length > 0 ? await renderTrinoGroupFile(q) : oldRow.group_file;
      const row = await store.publish(q, {
        rules,
        groupFile,
        etag: store.etagOf(JSON.stringify(rules)),
        policyCount,
        restoredFrom: n,
        by: actor.username,
        inputs,
      });
      await q.query("UPDATE policies SET synced = false");
      await writeAudit(q, {
        source: POLICY_AUDIT_SOURCE,
        action: "Restore",
        actor,
        status: "success",
        summary: `Publication ${n} restored as publication ${row.number}`,
        details: { publication: row.number, restoredFrom: n, endedLeftOut: ended, membersAsNow: regrouped },
      });
      return { pub: store.toPublicationSummary(row, row.number), ended, regrouped };
    });
    await this.bus.publish("policies");
    const left =
      ended.length > 0
        ? ` Left out, as their access period has ended: ${ended.map((p) => `${p.name} (id ${p.id})`).join(", ")}.`
        : "";
    const regroupedNote =
      regrouped.length > 0 ? ` The members of ${regrouped.join(", ")} are taken as they are now.` : "";
    return {
      message: `Publication ${n} restored as publication ${pub.number}.${left}${regroupedNote}`,
      publication: pub,
      expired: 0,
      warnings: [],
      endedLeftOut: ended,
    };
  }

  /** What Trino will do for a user on a table under a publication (the current one by default). */
  async visibility(
    q: { username: string; catalog: string; schema: string; table: string; publication?: number },
    groupsOf: (username: string) => Promise<string[]>,
  ): Promise<Visibility> {
    const number = q.publication ?? (await store.currentNumber(this.db));
    const rules: TrinoRules = number === null ? { catalogs: [], schemas: [], tables: [] } : await this.rulesOf(number);
    const groups = await groupsOf(q.username);
    const e = evaluate(rules, { user: q.username, groups }, q.catalog, q.schema, q.table);
    let meta: Array<{ name: string; dataType: string }> | null = null;
    try {
      meta = (await this.metadata.columns(q.catalog, q.schema, [q.table])).tables[0]?.columns ?? [];
    } catch {
      meta = null;
    }
    const names = meta ? meta.map((c) => c.name) : [...e.columns.keys()];
    for (const n of e.columns.keys()) if (!names.includes(n)) names.push(n);
    const canSelect = e.privileges.includes("SELECT");
    return {
      username: q.username,
      groups,
      publication: number,
      catalogAccess: e.catalogAccess,
      catalogRule: e.catalogRule,
      tableRule: e.tableRule,
      privileges: e.privileges,
      refusedWrites: refusedWrites(e.privileges, [...e.columns.values()]),
      canSelect,
      columns: names.map((name) => {
        const c = e.columns.get(name);
        return {
          name,
          dataType: meta?.find((m) => m.name === name)?.dataType ?? null,
          visible: canSelect && (c?.allow ?? true),
          mask: c?.mask ?? null,
        };
      }),
      filter: canSelect ? e.filter : null,
      metadataAvailable: meta !== null,
    };
  }
}

/** Sync refused: every error listed, the first one's field named. */
function refusal(errors: SyncIssue[]): HttpError {
  const line = (e: SyncIssue) =>
    e.policyId === null
      ? `the rules cannot be published: ${e.message}`
      : `Policy "${e.policyName}" (id ${e.policyId}) cannot be published: ${e.field ? `${e.field}: ` : ""}${e.message}`;
  const text =
    errors.length === 1
      ? line(errors[0]!)
      : `${errors.length} problems: ${errors.map((e, i) => `${i + 1}) ${line(e)}`).join("; ")}`;
  const fields: Record<string, string[]> = {};
  for (const e of errors) (fields[e.policyId === null ? "rules" : `policy.${e.policyId}`] ??= []).push(line(e));
  return new HttpError(
    400,
    `${text[0]!.toUpperCase()}${text.slice(1)}. The current publication stays in force.`,
    errors[0]!.policyId === null ? "invalid_rules" : "invalid_policy",
    errors[0]!.field ?? undefined,
    {},
    fields,
  );
}
