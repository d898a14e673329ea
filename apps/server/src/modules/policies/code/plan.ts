import {
  DocumentPolicy,
  type ChangeEntry,
  type Policy,
  type PolicyImportMode,
  type PolicyImportPlan,
} from "@console/contracts";
import type { Queryable } from "../../../platform/db/index.js";
import { HttpError } from "../../../platform/errors.js";
import { changeSet } from "../changes.js";
import { checkPolicy } from "../checks.js";
import type { Metadata } from "../metadata.js";
import { assigneeProblems, problemsIfReachable } from "../name-checks.js";
import { toPolicy } from "../service.js";
import * as store from "../store.js";
import { isManaged, toDocumentPolicy } from "./document.js";

/** A policy of the upload, with the path its problems are named by. */
export interface Candidate {
  path: string;
  /** Unchecked: a console document's entry, or what a Ranger policy maps to (without a priority). */
  value: unknown;
}

export interface PlanContext {
  dataProductCatalog: string;
  metadata?: Metadata;
}

/** The plan, and what applying it writes. */
export interface Planned {
  plan: PolicyImportPlan;
  creates: DocumentPolicy[];
  updates: Array<{ before: Policy; after: DocumentPolicy; changes: ChangeEntry[] }>;
  deletes: Policy[];
  /** The console's default policies a Trino rules file turns on or off. */
  systemStates: Array<{ id: number; name: string; state: "enabled" | "disabled" }>;
}

const lower = (s: string) => s.trim().toLowerCase();

/** The change set of the policy audit, plus what the document also holds: priority and state. */
function changesOf(before: Policy, after: DocumentPolicy): ChangeEntry[] {
  // The database keeps JSON keys in its own order: both sides are laid out as the document lays them out.
  const out: ChangeEntry[] = changeSet(
    { ...toDocumentPolicy(before), approvalStatus: before.approvalStatus },
    { ...after, approvalStatus: null },
  );
  if (before.priority !== after.priority)
    out.push({ column: "priority", oldVal: String(before.priority), newVal: String(after.priority) });
  if (before.state !== after.state) out.push({ column: "state", oldVal: before.state, newVal: after.state });
  return out;
}

/** The problems of one policy that the form's own checks find, by path. */
async function policyProblems(
  q: Queryable,
  ctx: PlanContext,
  path: string,
  p: DocumentPolicy,
): Promise<Array<{ path: string; message: string }>> {
  const out: Array<{ path: string; message: string }> = [];
  try {
    // An imported access period may have started already: it is the document's, not typed today.
    checkPolicy(p, { dataProductCatalog: ctx.dataProductCatalog, periodChanged: false });
  } catch (err) {
    if (!(err instanceof HttpError)) throw err;
    const field = err.field ?? "";
    const message = err.fields?.[field]?.[0] ?? err.error;
    out.push({ path: field ? `${path}.${field}` : path, message });
  }
  for (const a of await assigneeProblems(q, p)) out.push({ path: `${path}.${a.field}`, message: a.message });
  if (ctx.metadata) {
    const names = await problemsIfReachable(p, ctx.metadata);
    for (const n of names ?? []) out.push({ path: `${path}.${n.field}`, message: n.message });
  }
  return out;
}

/**
 * Works out what importing these policies changes: creates, updates field by field and, in
 * replace mode, deletes of managed policies the upload leaves out. Any problem refuses the whole
 * upload (`valid: false`); nothing is written here.
 */
export async function planImport(
  q: Queryable,
  ctx: PlanContext,
  input: {
    source: "console" | "ranger" | "trino";
    mode: PolicyImportMode;
    candidates: Candidate[];
    notes: PolicyImportPlan["notes"];
    /** Problems found before the policies were read (a Trino file Trino would not load). */
    problems?: Array<{ path: string; message: string }>;
    systemStates?: Planned["systemStates"];
  },
): Promise<Planned> {
  const problems: Array<{ path: string; message: string }> = [...(input.problems ?? [])];
  const existing = (await store.allPolicies(q)).map((r) => toPolicy(r));
  const byName = new Map(existing.map((p) => [lower(p.policyName), p]));
  let next = Math.max(0, ...existing.filter((p) => !p.systemPolicy).map((p) => p.priority)) + 1;

  const parsed: Array<{ path: string; p: DocumentPolicy }> = [];
  const firstPath = new Map<string, string>();
  for (const c of input.candidates) {
    let value = c.value;
    // Ranger policies carry no console priority: an existing policy keeps its own, new ones come last.
    if (input.source === "ranger" && value && typeof value === "object" && !("priority" in value)) {
      const name = (value as { policyName?: unknown }).policyName;
      const same = typeof name === "string" ? byName.get(lower(name)) : undefined;
      value = { ...value, priority: same?.priority ?? next++ };
    }
    const r = DocumentPolicy.safeParse(value);
    if (!r.success) {
      for (const issue of r.error.issues) {
        const at = [c.path, ...issue.path.map(String)];
        // An unknown key is named itself: `rowFilter` for `rowFilters` must not pass as no filter.
        if (issue.code === "unrecognized_keys")
          for (const key of issue.keys) problems.push({ path: [...at, key].join("."), message: "unknown field" });
        else problems.push({ path: at.join("."), message: issue.message });
      }
      continue;
    }
    const key = lower(r.data.policyName);
    const first = firstPath.get(key);
    if (first) {
      problems.push({
        path: `${c.path}.policyName`,
        message: `the name ${r.data.policyName} is already used at ${first}`,
      });
      continue;
    }
    firstPath.set(key, c.path);
    parsed.push({ path: c.path, p: toDocumentPolicy(r.data) });
  }

  const out: Planned = {
    plan: {
      source: input.source,
      mode: input.mode,
      valid: false,
      problems,
      creates: [],
      updates: [],
      deletes: [],
      unchanged: [],
      notes: input.notes,
    },
    creates: [],
    updates: [],
    deletes: [],
    systemStates: [],
  };
  for (const s of input.systemStates ?? []) {
    const before = existing.find((p) => p.id === s.id);
    if (!before || before.state === s.state) continue;
    out.systemStates.push(s);
    out.plan.updates.push({
      id: s.id,
      name: s.name,
      changes: [{ column: "state", oldVal: before.state, newVal: s.state }],
    });
  }
  for (const { path, p } of parsed) {
    const before = byName.get(lower(p.policyName));
    if (before && !isManaged(before) && before.state !== "deleted") {
      problems.push({
        path: `${path}.policyName`,
        message: `${before.policyName} is ${before.systemPolicy ? "a system policy" : "a table access request"}, which import does not change`,
      });
      continue;
    }
    problems.push(...(await policyProblems(q, ctx, path, p)));
    if (!before) {
      out.creates.push(p);
      out.plan.creates.push({ name: p.policyName, policy: p });
      continue;
    }
    const changes = before.state === "deleted" ? changesOf({ ...before, state: "deleted" }, p) : changesOf(before, p);
    if (changes.length === 0) {
      out.plan.unchanged.push(p.policyName);
      continue;
    }
    out.updates.push({ before, after: p, changes });
    out.plan.updates.push({ id: before.id, name: p.policyName, changes });
  }
  if (input.mode === "replace") {
    const kept = new Set(parsed.map(({ p }) => lower(p.policyName)));
    for (const p of existing)
      if (isManaged(p) && !kept.has(lower(p.policyName))) {
        out.deletes.push(p);
        out.plan.deletes.push({ id: p.id, name: p.policyName });
      }
  }
  out.plan.valid = problems.length === 0;
  return out;
}
