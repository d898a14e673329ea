import {
  ALL,
  POLICY_AUDIT_SOURCE,
  TAG_CATEGORIES,
  type Policy,
  type PolicyAction,
  type PolicyCheck,
  type PolicyPage,
  type PolicyValues,
} from "@console/contracts";
import { type z } from "zod";
import {
  type AccessRequest as AccessRequestSchema,
  PolicyInput,
  type PolicyQuery as PolicyQuerySchema,
  type ReviewBody as ReviewSchema,
} from "@console/contracts";
import { csvCell } from "../../platform/csv.js";
import { writeAudit, type Actor } from "../../platform/audit.js";
import type { CacheBus } from "../../platform/cache-bus.js";
import type { Db, Queryable } from "../../platform/db/index.js";
import { badRequest, conflict, forbidden, HttpError, notFound } from "../../platform/errors.js";
import { changeSet } from "./changes.js";
import { checkPolicy } from "./checks.js";
import { expressionProblems } from "./entries.js";
import type { Metadata } from "./metadata.js";
import { assigneeProblems, problemsError, problemsIfReachable } from "./name-checks.js";
import { checkGranted, requestedColumns, requestedTables, requestTerms } from "./request-checks.js";
import { formOf, isExpired, toPolicy } from "./policy-row.js";
import * as store from "./store.js";

export { isExpired, toPolicy };
import type { PolicyRow } from "./store.js";

type Query = z.output<typeof PolicyQuerySchema>;

const bodyOf = (v: PolicyValues): store.PolicyBody => {
  const { policyName: _n, category: _c, priority: _p, ...body } = v;
  return body;
};

export interface PolicyServiceOptions {
  dataProductCatalog: string;
  /** Editing needs a valid licence (spec section 6). */
  canEdit: () => Promise<boolean>;
  /** Tags that still exist, for the clone rule of tag policies. */
  existingTags: (p: Policy) => Promise<string[]>;
  /** The requested object Trino says does not exist (null: all exist, or Trino cannot say). */
  missingObject: (r: z.output<typeof AccessRequestSchema>) => Promise<{ field: string; message: string } | null>;
  /** The first requested column none of the tables has (null: all exist, or Trino cannot say). */
  missingColumn?: (
    r: z.output<typeof AccessRequestSchema>,
    tables: string[],
  ) => Promise<{ field: string; message: string } | null>;
  /** Trino's catalogue, to check the names and columns a policy uses. */
  metadata?: Metadata;
}

type ReviewInput = z.output<typeof ReviewSchema> & { reason?: string };
const REVIEWED = ["tnc", "columnDetails", "rowFilters", "customRowFilter"];

export class PolicyService {
  constructor(
    private readonly db: Db,
    private readonly bus: CacheBus,
    private readonly opts: PolicyServiceOptions,
  ) {}

  private async audit(
    q: Queryable,
    actor: Actor,
    action: PolicyAction,
    p: Policy | null,
    details: Record<string, unknown> = {},
  ) {
    await writeAudit(q, {
      source: POLICY_AUDIT_SOURCE,
      action,
      actor,
      status: "success",
      subjectId: p ? String(p.id) : null,
      subjectName: p?.policyName ?? null,
      details,
    });
  }

  private async requireLicence() {
    if (!(await this.opts.canEdit())) throw forbidden("Editing policies needs a valid licence.", "licence_required");
  }

  /** What the policy names in Trino exists, when Trino answers (else Sync checks it again). */
  private async checkTrinoNames(v: PolicyValues): Promise<void> {
    if (!this.opts.metadata) return;
    const problems = await problemsIfReachable(v, this.opts.metadata);
    if (problems && problems.length > 0) throw problemsError(problems, { inWords: true });
  }

  /**
   * What the wizard shows at its steps before saving: masks and filters that do not parse (read
   * as at Save), and the names Trino does not have (nothing of these when Trino cannot answer).
   */
  async check(v: PolicyValues): Promise<PolicyCheck> {
    const problems = this.opts.metadata ? await problemsIfReachable(v, this.opts.metadata) : null;
    return {
      problems: [...expressionProblems(v), ...(problems ?? []).map(({ field, message }) => ({ field, message }))],
    };
  }

  /** Every assignee is an existing user or group, or the wildcard. */
  private async checkPrincipals(q: Queryable, v: PolicyValues): Promise<void> {
    const problems = await assigneeProblems(q, v);
    if (problems.length > 0) throw problemsError(problems, { inWords: true });
  }

  private assignment(p: Policy) {
    return { usersAssigned: p.assignToUsers, groupsAssigned: p.assignToGroups, createdAt: new Date().toISOString() };
  }

  async list(q: Query): Promise<PolicyPage> {
    const now = Date.now();
    const search = q.search?.toLowerCase();
    const all = (await store.allPolicies(this.db)).map((r) => toPolicy(r, now));
    const rows = all.filter((p) => {
      if (q.quick === "synced" && p.syncStatus !== "synced") return false;
      if (q.quick === "notSynced" && !(p.syncStatus === "readyToSync" || p.syncStatus === "approved")) return false;
      if (q.quick === "expired" && !p.expired) return false;
      if (q.quick === "pendingApproval" && p.approvalStatus !== "PENDING_APPROVAL") return false;
      // Deleted policies only when asked for, by the quick filter or the state filter.
      if ((q.quick === "deleted" || q.state === "deleted") !== (p.state === "deleted")) return false;
      if (search && !p.policyName.toLowerCase().includes(search)) return false;
      if (q.category && p.category !== q.category) return false;
      if (q.state && p.state !== q.state) return false;
      if (q.id && String(p.id) !== String(Number(q.id))) return false;
      if (q.user && !p.assignToUsers.some((u) => u === q.user || u === ALL)) return false;
      if (q.group && !p.assignToGroups.some((g) => g === q.group || g === ALL)) return false;
      return true;
    });
    return { items: rows.slice(q.page * q.size, (q.page + 1) * q.size), total: rows.length };
  }

  async get(id: number): Promise<Policy> {
    const r = await store.policyById(this.db, id);
    if (!r) throw notFound("The policy");
    return toPolicy(r);
  }

  nameExists(name: string): Promise<boolean> {
    return store.nameTaken(this.db, name.trim());
  }

  async create(v: PolicyValues, actor: Actor): Promise<Policy> {
    await this.requireLicence();
    checkPolicy(v, { dataProductCatalog: this.opts.dataProductCatalog });
    await this.checkTrinoNames(v);
    const created = await this.db.tx(async (q) => {
      if (await store.nameTaken(q, v.policyName)) throw conflict("already existing policy name", "policyName");
      await this.checkPrincipals(q, v);
      const row = await store.insertPolicy(q, {
        priority: v.priority ?? (await store.nextPriority(q)),
        policyName: v.policyName,
        category: v.category,
        state: "enabled",
        approvalStatus: null,
        body: bodyOf(v),
        by: actor.username,
      });
      const p = toPolicy(row);
      await this.audit(q, actor, "Create", p, { assignment: this.assignment(p) });
      return p;
    });
    await this.bus.publish("policies");
    return created;
  }

  async update(id: number, v: PolicyValues, actor: Actor): Promise<Policy> {
    await this.requireLicence();
    await this.checkTrinoNames(v);
    const updated = await this.db.tx(async (q) => {
      const row = await store.policyById(q, id, true);
      if (!row) throw notFound("The policy");
      if (row.system_policy) throw forbidden("System policies cannot be changed.", "system_policy");
      if (row.approval_status) throw conflict("A table access request is approved or rejected, not edited.");
      if (row.state === "deleted") throw conflict("A deleted policy cannot be edited; enable it first.");
      const before = toPolicy(row);
      const periodChanged = before.tnc.startDate !== v.tnc.startDate;
      checkPolicy(v, { dataProductCatalog: this.opts.dataProductCatalog, periodChanged });
      if (await store.nameTaken(q, v.policyName, id)) throw conflict("already existing policy name", "policyName");
      await this.checkPrincipals(q, v);
      const after = toPolicy(
        await store.updatePolicy(q, id, {
          priority: v.priority ?? row.priority,
          policyName: v.policyName,
          category: v.category,
          body: bodyOf(v),
          by: actor.username,
        }),
      );
      const changes = changeSet(before, after);
      await this.audit(q, actor, "Update", after, { changeSet: changes, assignment: this.assignment(after) });
      return after;
    });
    await this.bus.publish("policies");
    return updated;
  }

  private async transition(
    id: number,
    actor: Actor,
    action: PolicyAction,
    apply: (row: PolicyRow, q: Queryable) => Promise<{ row: PolicyRow; details?: Record<string, unknown> }>,
  ): Promise<Policy> {
    const out = await this.db.tx(async (q) => {
      const row = await store.policyById(q, id, true);
      if (!row) throw notFound("The policy");
      if (row.system_policy) throw forbidden("System policies cannot be changed.", "system_policy");
      const { row: after, details } = await apply(row, q);
      const p = toPolicy(after);
      await this.audit(q, actor, action, p, details);
      return p;
    });
    await this.bus.publish("policies");
    return out;
  }

  async enable(id: number, actor: Actor) {
    const p = await this.transition(id, actor, "Enable", async (row, q) => {
      if (row.approval_status) throw conflict("A table access request is approved or rejected, not enabled.");
      if (row.state === "enabled") throw conflict("The policy is already enabled.");
      return { row: await store.setState(q, id, { state: "enabled" }, actor.username) };
    });
    return { message: `Policy ${p.policyName} enabled.` };
  }

  async disable(id: number, actor: Actor) {
    const p = await this.transition(id, actor, "Disable", async (row, q) => {
      if (row.approval_status) throw conflict("A table access request is approved or rejected, not disabled.");
      if (row.state !== "enabled") throw conflict("Only an enabled policy can be disabled.");
      return { row: await store.setState(q, id, { state: "disabled" }, actor.username) };
    });
    return { message: `Policy ${p.policyName} disabled.` };
  }

  async remove(id: number, actor: Actor) {
    const p = await this.transition(id, actor, "Delete", async (row, q) => {
      if (row.state === "deleted") throw conflict("The policy is already deleted.");
      return { row: await store.setState(q, id, { state: "deleted" }, actor.username) };
    });
    return { message: `Policy ${p.policyName} deleted.` };
  }

  async clone(id: number, actor: Actor): Promise<Policy> {
    await this.requireLicence();
    const source = await this.get(id);
    if (source.systemPolicy) throw forbidden("System policies cannot be cloned.", "system_policy");
    if (source.state !== "enabled" || source.approvalStatus)
      throw conflict("Only enabled policies that are not access requests can be cloned.");
    if (TAG_CATEGORIES.includes(source.category)) {
      const existing = new Set(await this.opts.existingTags(source));
      const missing = source.tags.filter((t) => !existing.has(t));
      if (missing.length > 0)
        throw new HttpError(
          409,
          `The policy could not be cloned: its tags no longer exist (${missing.join(", ")}).`,
          "tags_missing",
          "tags",
        );
    }
    const created = await this.db.tx(async (q) => {
      let name = `${source.policyName.slice(0, 43)}_copy`;
      for (let i = 2; await store.nameTaken(q, name); i++)
        name = `${source.policyName.slice(0, 42 - String(i).length)}_copy${i}`;
      const values = PolicyInput.parse({ ...formOf(source), policyName: name, priority: undefined });
      const row = await store.insertPolicy(q, {
        priority: await store.nextPriority(q),
        policyName: name,
        category: source.category,
        state: "enabled",
        approvalStatus: null,
        body: bodyOf(values),
        by: actor.username,
      });
      const p = toPolicy(row);
      await this.audit(q, actor, "Clone", p, {
        clonedFrom: source.id,
        changeSet: changeSet(null, p),
        assignment: this.assignment(p),
      });
      return p;
    });
    await this.bus.publish("policies");
    return created;
  }

  /** Files a request for the signed-in user only: who gets the access comes from the token, never the body. */
  async request(r: z.output<typeof AccessRequestSchema>, actor: Actor): Promise<Policy> {
    if (r.username !== undefined && r.username !== actor.username)
      throw badRequest(
        "A table access request is filed for the signed-in user only; leave username out.",
        "username",
        "username names another user",
      );
    const username = actor.username;
    const tables = await requestedTables(r, this.opts.missingObject);
    await requestedColumns(r, tables, this.opts.missingColumn);
    const tnc = requestTerms(r.tnc, r.columns);
    const values = PolicyInput.parse({
      policyName:
        `Access request ${r.schemaName}.${r.tableName} ${username}`.slice(0, 45) +
        ` ${Date.now().toString(36).slice(-4)}`,
      category: "tables",
      catalogName: r.catalogName,
      schemaName: [r.schemaName],
      tables,
      tablePrivileges: r.privileges,
      assignToUsers: [username],
      ...(tnc ? { tnc } : {}),
    });
    checkPolicy(values, { dataProductCatalog: "\u0000", periodChanged: true });
    const created = await this.db.tx(async (q) => {
      const row = await store.insertPolicy(q, {
        priority: await store.nextPriority(q),
        policyName: values.policyName,
        category: "tables",
        state: "enabled",
        approvalStatus: "PENDING_APPROVAL",
        body: { ...bodyOf(values), requestedPeriod: { startDate: values.tnc.startDate, endDate: values.tnc.endDate } },
        by: actor.username,
      });
      const p = toPolicy(row);
      await this.audit(q, actor, "Table Access Request Created", p, { assignment: this.assignment(p) });
      return p;
    });
    await this.bus.publish("policies");
    return created;
  }

  /** Approves or rejects a table access request; a rejection keeps its reason for the requester. */
  async review(id: number, decision: "approve" | "reject", body: ReviewInput, actor: Actor) {
    const action: PolicyAction = decision === "approve" ? "Approve" : "Reject";
    const p = await this.transition(id, actor, action, async (row, q) => {
      const s = row.approval_status;
      if (!s) throw conflict("The policy is not a table access request.");
      if (row.synced && s === "APPROVED") throw conflict("An approved request that is synced cannot change.");
      if (decision === "approve" && s === "APPROVED") throw conflict("The request is already approved.");
      if (decision === "reject" && s === "REJECTED") throw conflict("The request is already rejected.");
      const before = toPolicy(row);
      // Requests filed before the requested period was kept apart asked for what tnc holds until approval.
      const asked = row.body.requestedPeriod ?? { startDate: before.tnc.startDate, endDate: before.tnc.endDate };
      if (body.tnc) checkGranted(asked, body.tnc);
      // The reviewer may set the terms, masks and row filters the grant goes with.
      const reviewed = Object.entries(body).filter(([k, v]) => v !== undefined && REVIEWED.includes(k));
      const values = PolicyInput.parse({ ...formOf(before), ...Object.fromEntries(reviewed) });
      if (decision === "approve") {
        checkPolicy(values, {
          dataProductCatalog: this.opts.dataProductCatalog,
          periodChanged: before.tnc.startDate !== values.tnc.startDate,
        });
        await this.checkTrinoNames(values);
      }
      const after = await store.setState(
        q,
        id,
        {
          approvalStatus: decision === "approve" ? "APPROVED" : "REJECTED",
          body: { ...bodyOf(values), requestedPeriod: asked, ...(body.reason ? { rejectionReason: body.reason } : {}) },
        },
        actor.username,
      );
      const granted = { startDate: values.tnc.startDate, endDate: values.tnc.endDate };
      const period = decision === "approve" ? { requestedPeriod: asked, grantedPeriod: granted } : {};
      return { row: after, details: { changeSet: changeSet(before, toPolicy(after)), ...period } };
    });
    return { message: `Request ${p.policyName} ${decision === "approve" ? "approved" : "rejected"}.` };
  }

  /** Every policy as CSV (spec: Export, named with a timestamp); the export is audited. */
  async exportCsv(actor: Actor): Promise<string> {
    const rows = (await store.allPolicies(this.db)).map((r) => toPolicy(r));
    const cols = [
      "id",
      "priority",
      "policyName",
      "category",
      "state",
      "syncStatus",
      "approvalStatus",
      "catalogName",
      "schemaName",
      "tables",
      "tags",
      "tablePrivileges",
      "assignToUsers",
      "assignToGroups",
      "createdBy",
      "createdAt",
    ] as const;
    const lines = [cols.join(","), ...rows.map((p) => cols.map((c) => csvCell(p[c])).join(","))];
    await this.db.tx((q) => this.audit(q, actor, "Export as CSV", null, { count: rows.length }));
    return `${lines.join("\r\n")}\r\n`;
  }
}
