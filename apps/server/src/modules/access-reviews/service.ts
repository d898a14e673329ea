import {
  REVIEW_AUDIT_SOURCE,
  REVIEW_AUDIT_ACTIONS,
  REVIEW_LIMITS,
  type AccessReview,
  type DecisionInput,
  type ReviewInput,
} from "@console/contracts";
import type { z } from "zod";
import type { Principal } from "../../platform/access.js";
import { writeAudit, type Actor } from "../../platform/audit.js";
import type { CacheBus } from "../../platform/cache-bus.js";
import type { Db } from "../../platform/db/index.js";
import { badRequest, conflict, forbidden, notFound } from "../../platform/errors.js";
import { SYSTEM } from "../policies/periods.js";
import { accessesInScope, reviewerFor } from "./collect.js";
import { publishedAccess } from "./published-access.js";
import { applyRevocations } from "./revocations.js";
import * as reviewStore from "./review-store.js";
import * as store from "./store.js";

type Input = z.output<typeof ReviewInput>;
type Decision = z.output<typeof DecisionInput>;

const utcDay = (now: number) => new Date(now).toISOString().slice(0, 10);

export interface ReviewServiceOptions {
  /** Whether the principal holds the policy management menu (administrators of reviews). */
  isAdmin: (p: Principal) => Promise<boolean>;
  /** Publishes the policies (Sync), for reviews that publish their revocations when they close. */
  sync: (actor: Actor) => Promise<unknown>;
}

/** Access reviews: started over a scope, decided item by item, closed with their revocations as one change set. */
export class ReviewService {
  constructor(
    private readonly db: Db,
    private readonly bus: CacheBus,
    private readonly opts: ReviewServiceOptions,
  ) {}

  async start(input: Input, actor: Actor, now = Date.now()): Promise<AccessReview> {
    if (input.dueDate < utcDay(now)) throw badRequest("body.dueDate: must be today or later", "body.dueDate");
    const named = [...new Set(input.reviewers.users.map((u) => u.toLowerCase()))];
    const found = await store.usersExist(this.db, named);
    const missing = named.find((u) => !found.has(u));
    if (missing) throw badRequest(`body.reviewers.users: no user ${missing} exists`, "body.reviewers.users");
    const pool = [...named];
    if (input.reviewers.group) {
      if (!(await store.groupNamesExist(this.db, [input.reviewers.group])).has(input.reviewers.group))
        throw badRequest(`body.reviewers.group: no group ${input.reviewers.group} exists`, "body.reviewers.group");
      const members = await store.groupMembersOf(this.db, input.reviewers.group);
      if (members.length === 0)
        throw badRequest(
          `body.reviewers.group: group ${input.reviewers.group} has no enabled member`,
          "body.reviewers.group",
        );
      for (const m of members) if (!pool.includes(m)) pool.push(m);
    }
    const pa = await publishedAccess(this.db);
    if (pa.number === null)
      throw badRequest("Nothing is published yet: sync the policies before reviewing access.", "body.scope");
    const accesses = accessesInScope(pa, await store.people(this.db), input.scope);
    if (accesses.length > REVIEW_LIMITS.items)
      throw badRequest(
        `body.scope: holds ${accesses.length} accesses, more than a review takes (${REVIEW_LIMITS.items}); narrow it`,
        "body.scope",
      );
    const catalogs = [...new Set(accesses.map((a) => a.catalog))];
    const [usage, granted] = await Promise.all([
      catalogs.length ? store.usage(this.db, { catalogs }) : Promise.resolve([]),
      store.grants(this.db, [...new Set(accesses.flatMap((a) => a.paths.map((p) => p.policyId)))]),
    ]);
    const use = new Map<string, { last: Date | null; q30: number; q90: number }>();
    const add = (key: string, u: store.Usage) => {
      const b = use.get(key) ?? use.set(key, { last: null, q30: 0, q90: 0 }).get(key)!;
      if (u.last_read && (!b.last || u.last_read > b.last)) b.last = u.last_read;
      b.q30 += u.queries30;
      b.q90 += u.queries90;
    };
    for (const u of usage) {
      add(`${u.username}\u0000${u.catalog}\u0000${u.schema_name}\u0000${u.table_name}`, u);
      add(`${u.username}\u0000${u.catalog}\u0000${u.schema_name}\u0000*`, u);
    }
    const items: reviewStore.NewItem[] = accesses.map((a) => {
      const u = use.get(`${a.username}\u0000${a.catalog}\u0000${a.schema}\u0000${a.table}`);
      const g = granted.get(a.paths[0]!.policyId);
      return {
        ...a,
        grantedBy: g?.by ?? null,
        grantedAt: g?.at ?? null,
        lastRead: u?.last ?? null,
        queries30: u?.q30 ?? 0,
        queries90: u?.q90 ?? 0,
        reviewer: reviewerFor(pool, a.username) ?? (a.paths[0]!.createdBy || actor.username),
      };
    });
    const id = await this.db.tx(async (q) => {
      const id = await reviewStore.insertReview(q, {
        name: input.name,
        scope: input.scope,
        reviewers: { users: named, group: input.reviewers.group },
        dueDate: input.dueDate,
        reminderDays: [...new Set(input.reminderDays)].sort((a, b) => b - a),
        unanswered: input.unanswered,
        publishOnClose: input.publishOnClose,
        publication: pa.number,
        createdBy: actor.username,
      });
      await reviewStore.insertItems(q, id, items);
      await writeAudit(q, {
        source: REVIEW_AUDIT_SOURCE,
        action: REVIEW_AUDIT_ACTIONS.start,
        actor,
        status: "success",
        subjectId: `review-${id}`,
        subjectName: input.name,
        summary: `Access review "${input.name}" started: ${items.length} item(s), due ${input.dueDate}`,
        details: {
          review: id,
          scope: input.scope,
          reviewers: [...new Set(items.map((i) => i.reviewer))].sort(),
          dueDate: input.dueDate,
          unanswered: input.unanswered,
          publication: pa.number,
          items: items.length,
        },
      });
      return id;
    });
    return (await reviewStore.review(this.db, id))!;
  }

  list() {
    return reviewStore.reviews(this.db).then((items) => ({ items }));
  }

  async get(id: number): Promise<AccessReview> {
    const r = await reviewStore.review(this.db, id);
    if (!r) throw notFound(`Access review ${id}`);
    return r;
  }

  async items(id: number, f: Omit<reviewStore.ItemFilter, "reviewId">) {
    await this.get(id);
    return reviewStore.items(this.db, { ...f, reviewId: id });
  }

  mine(p: Principal, f: Pick<reviewStore.ItemFilter, "decision" | "offset" | "limit">) {
    return reviewStore.items(this.db, { ...f, reviewer: p.username, openReviewsOnly: true });
  }

  async mineCount(p: Principal) {
    const { total } = await reviewStore.items(this.db, {
      reviewer: p.username,
      decision: "open",
      openReviewsOnly: true,
      offset: 0,
      limit: 1,
    });
    return { count: total };
  }

  /** The item's reviewer or an administrator decides; anyone else gets 403 (and learns nothing of the item). */
  async decide(itemId: number, d: Decision, p: Principal, actor: Actor, now = Date.now()) {
    const before = await reviewStore.item(this.db, itemId);
    if (!before || (before.reviewer !== p.username && !(await this.opts.isAdmin(p))))
      throw forbidden("You are not the reviewer of this item.", "not_reviewer");
    if (d.decision === "end" && d.endDate! < utcDay(now))
      throw badRequest("body.endDate: must be today or later", "body.endDate");
    await this.db.tx(async (q) => {
      const i = (await reviewStore.item(q, itemId, true))!;
      if (i.status !== "open") throw conflict(`Access review ${i.reviewId} is closed; its items no longer change.`);
      await reviewStore.decide(q, itemId, {
        decision: d.decision,
        endDate: d.endDate,
        comment: d.comment,
        by: p.username,
      });
      await writeAudit(q, {
        source: REVIEW_AUDIT_SOURCE,
        action: REVIEW_AUDIT_ACTIONS.decide,
        actor,
        status: "success",
        subjectId: `review-${i.reviewId}`,
        subjectName: i.reviewName,
        summary: `${d.decision === "end" ? `end on ${d.endDate}` : d.decision}: ${i.username} on ${i.catalog}.${i.schema}.${i.table}`,
        details: {
          review: i.reviewId,
          item: i.id,
          username: i.username,
          table: `${i.catalog}.${i.schema}.${i.table}`,
          decision: d.decision,
          endDate: d.endDate,
          comment: d.comment,
          before: i.decision,
        },
      });
    });
    return { message: "Decision saved." };
  }

  /**
   * Closes a review (at its due date, or by an administrator): undecided items take its default,
   * the revocations become one change set, published at once when the review says so.
   */
  async close(id: number, actor: Actor, due = false): Promise<AccessReview> {
    const changed = await this.db.tx(async (q) => {
      const r = await reviewStore.review(q, id, true);
      if (!r) throw notFound(`Access review ${id}`);
      if (r.status !== "open") throw conflict(`Access review ${id} is already closed.`);
      const defaulted = await reviewStore.decideUnanswered(q, id, r.unanswered);
      await reviewStore.closeReview(q, id, actor.username);
      await writeAudit(q, {
        source: REVIEW_AUDIT_SOURCE,
        action: due ? REVIEW_AUDIT_ACTIONS.due : REVIEW_AUDIT_ACTIONS.close,
        actor,
        status: "success",
        subjectId: `review-${id}`,
        subjectName: r.name,
        summary: `Access review "${r.name}" closed${due ? " at its due date" : ""}: ${defaulted} undecided item(s) ${r.unanswered === "keep" ? "kept" : "revoked"}`,
        details: { review: id, defaulted, unanswered: r.unanswered, counts: r.counts },
      });
      const revoked = await reviewStore.dueRevocations(q, id, "0001-01-01");
      return { r, ...(await applyRevocations(q, revoked, actor, r)) };
    });
    await this.changed(changed);
    if (changed.r.publishOnClose && changed.policies) await this.opts.sync(actor);
    return this.get(id);
  }

  private async changed(c: { policies: boolean; groups: boolean }) {
    if (c.policies) await this.bus.publish("policies");
    if (c.groups) await this.bus.publish("users");
  }

  /** The periodic check: reviews past their due date close, ended dates are revoked, reminders are noted. */
  async check(now = Date.now()): Promise<{ closed: number[]; ended: number; reminded: number }> {
    const today = utcDay(now);
    const closed: number[] = [];
    for (const id of await reviewStore.overdueReviews(this.db, today)) {
      await this.close(id, SYSTEM, true);
      closed.push(id);
    }
    const ended = await this.db.tx(async (q) => {
      const items = await reviewStore.dueRevocations(q, null, today);
      const byReview = new Map<number, typeof items>();
      for (const i of items) (byReview.get(i.reviewId) ?? byReview.set(i.reviewId, []).get(i.reviewId)!).push(i);
      const out = { policies: false, groups: false, n: items.length };
      for (const [id, list] of byReview) {
        const c = await applyRevocations(q, list, SYSTEM, { id, name: list[0]!.reviewName });
        out.policies ||= c.policies;
        out.groups ||= c.groups;
      }
      return out;
    });
    await this.changed(ended);
    let reminded = 0;
    for (const r of await reviewStore.remindersDue(this.db, today))
      await this.db.tx(async (q) => {
        await reviewStore.markReminded(q, r.id, r.days);
        if (r.reviewers.length === 0) return;
        reminded += r.reviewers.length;
        await writeAudit(q, {
          source: REVIEW_AUDIT_SOURCE,
          action: REVIEW_AUDIT_ACTIONS.reminder,
          actor: SYSTEM,
          status: "success",
          subjectId: `review-${r.id}`,
          subjectName: r.name,
          summary: `Reviewers reminded of "${r.name}": ${r.reviewers.map((x) => `${x.reviewer} (${x.open} open)`).join(", ")}`,
          details: { review: r.id, reviewers: r.reviewers },
        });
      });
    return { closed, ended: ended.n, reminded };
  }
}
