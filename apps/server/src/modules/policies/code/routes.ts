import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import {
  POLICY_AUDIT_SOURCE,
  POLICY_DOCUMENT_PATH,
  PolicyExportQuery,
  PolicyQuery,
  policyCodeRoutes,
  policyDocumentJsonSchema,
  type DocumentPolicy,
  type PolicyAction,
  type PolicyImportResult,
} from "@console/contracts";
import { writeAudit, type Actor } from "../../../platform/audit.js";
import { forbidden, UpstreamError } from "../../../platform/errors.js";
import { actorOf, handle } from "../../../platform/http.js";
import { licenceAllowsEditing } from "../../../platform/platform-status.js";
import type { Services } from "../../../platform/services.js";
import type { Queryable } from "../../../platform/db/index.js";
import type { Metadata } from "../metadata.js";
import { changeSet } from "../changes.js";
import { problemsError } from "../name-checks.js";
import { PolicyService, toPolicy } from "../service.js";
import * as store from "../store.js";
import { buildDocument, readUpload, serialize } from "./document.js";
import { planImport, type Candidate, type Planned } from "./plan.js";
import { mapRanger } from "./ranger.js";
import { planTrinoImport } from "./trino-import.js";

const bodyOf = (p: DocumentPolicy): store.PolicyBody => {
  const { policyName: _n, category: _c, priority: _p, state: _s, ...body } = p;
  return body;
};

async function audit(
  q: Queryable,
  actor: Actor,
  action: PolicyAction,
  id: number | null,
  name: string | null,
  details: Record<string, unknown>,
) {
  await writeAudit(q, {
    source: POLICY_AUDIT_SOURCE,
    action,
    actor,
    status: "success",
    subjectId: id === null ? null : String(id),
    subjectName: name,
    details,
  });
}

/** Policies as code: export as a versioned document, and import one (or a Ranger export) by plan, then apply. */
export function policyCodeModule(app: FastifyInstance, s: Services, metadata: Metadata): void {
  const c = s.config;
  const ctx = { dataProductCatalog: c.DATA_PRODUCT_CATALOG, metadata };
  const policies = new PolicyService(s.db, s.bus, {
    dataProductCatalog: c.DATA_PRODUCT_CATALOG,
    canEdit: () => licenceAllowsEditing(c.LICENSING_ENABLED, s.licence),
    existingTags: async () => [],
    missingObject: async () => null,
  });

  /** Column types for Ranger masks, when Trino answers. */
  const columnTypes = async (catalog: string, schema: string, tables: string[]) => {
    try {
      const found = await metadata.columns(catalog, schema, tables);
      return new Map(found.tables.map((t) => [t.table, new Map(t.columns.map((x) => [x.name, x.dataType]))]));
    } catch (err) {
      if (err instanceof UpstreamError) return null;
      throw err;
    }
  };

  const plan = async (q: Queryable, body: { document: string; mode: "merge" | "replace"; hiveCatalog: string }) => {
    const upload = readUpload(body.document);
    let candidates: Candidate[];
    let notes: Planned["plan"]["notes"] = [];
    if (upload.source === "trino") {
      const t = await planTrinoImport(q, upload.value);
      return planImport(q, ctx, {
        source: "trino",
        mode: body.mode,
        candidates: t.candidates,
        notes: t.notes,
        problems: t.problems,
        systemStates: t.systemStates,
      });
    }
    if (upload.source === "ranger") {
      const mapped = await mapRanger(upload.value, { hiveCatalog: body.hiveCatalog, columnTypes });
      candidates = mapped.candidates;
      notes = mapped.notes;
    } else {
      candidates = (upload.value.policies as unknown[]).map((value, i) => ({ path: `policies.${i}`, value }));
    }
    return planImport(q, ctx, { source: upload.source, mode: body.mode, candidates, notes });
  };

  const r = policyCodeRoutes;
  handle(app, r.schema, () => policyDocumentJsonSchema());
  handle(app, r.plan, async ({ body }) => (await plan(s.db, body)).plan);
  handle(app, r.apply, async ({ body, actor }): Promise<PolicyImportResult> => {
    if (!(await licenceAllowsEditing(c.LICENSING_ENABLED, s.licence)))
      throw forbidden("Editing policies needs a valid licence.", "licence_required");
    const refuse = (planned: Planned) => {
      if (!planned.plan.valid)
        throw problemsError(planned.plan.problems.map((p) => ({ field: p.path, message: p.message })));
    };
    // Planned first without a lock: a refused document locks nothing, and Trino's answers are cached for the second pass.
    refuse(await plan(s.db, body));
    const result = await s.db.tx(async (q) => {
      // Taken again inside the transaction, so what is written is what was checked.
      await store.lockPolicies(q);
      const planned = await plan(q, body);
      refuse(planned);
      const details = { imported: planned.plan.source };
      for (const p of planned.creates) {
        const row = await store.insertPolicy(q, {
          priority: p.priority,
          policyName: p.policyName,
          category: p.category,
          state: p.state,
          approvalStatus: null,
          body: bodyOf(p),
          by: actor.username,
        });
        const created = toPolicy(row);
        await audit(q, actor, "Create", row.id, row.policy_name, {
          ...details,
          changeSet: changeSet(null, created),
          assignment: { usersAssigned: p.assignToUsers, groupsAssigned: p.assignToGroups },
        });
      }
      for (const u of planned.updates) {
        const a = u.after;
        let row = await store.updatePolicy(q, u.before.id, {
          priority: a.priority,
          policyName: a.policyName,
          category: a.category,
          body: bodyOf(a),
          by: actor.username,
        });
        if (row.state !== a.state) row = await store.setState(q, row.id, { state: a.state }, actor.username);
        await audit(q, actor, "Update", row.id, row.policy_name, {
          ...details,
          changeSet: u.changes,
          assignment: { usersAssigned: a.assignToUsers, groupsAssigned: a.assignToGroups },
        });
      }
      for (const sp of planned.systemStates) {
        const row = await store.setState(q, sp.id, { state: sp.state }, actor.username);
        await audit(q, actor, sp.state === "enabled" ? "Enable" : "Disable", row.id, row.policy_name, {
          ...details,
          changeSet: [{ column: "state", oldVal: sp.state === "enabled" ? "disabled" : "enabled", newVal: sp.state }],
        });
      }
      for (const d of planned.deletes) {
        await store.setState(q, d.id, { state: "deleted" }, actor.username);
        await audit(q, actor, "Delete", d.id, d.policyName, details);
      }
      return {
        created: planned.creates.length,
        updated: planned.updates.length + planned.systemStates.length,
        deleted: planned.deletes.length,
        plan: planned.plan,
      };
    });
    await s.bus.publish("policies");
    return result;
  });

  app.withTypeProvider<ZodTypeProvider>().get(
    `${POLICY_DOCUMENT_PATH}/export`,
    {
      config: { access: { menu: "policy-management" } },
      schema: {
        summary: "Every policy, or the list's filter, as a policy document (YAML or JSON)",
        tags: ["policies"],
        querystring: PolicyExportQuery,
      },
    },
    async (req, reply) => {
      const { format, ...filter } = req.query;
      const query = PolicyQuery.parse({ ...filter, page: 0, size: 1 });
      const { total } = await policies.list(query);
      const { items } = await policies.list({ ...query, size: Math.max(1, total) });
      const doc = buildDocument(items);
      await s.db.tx((q) =>
        audit(q, actorOf(req), "Export as document", null, null, { count: doc.policies.length, format }),
      );
      const stamp = new Date().toISOString().replace(/[-:]/g, "").replace("T", "-").slice(0, 15);
      return reply
        .header(
          "content-type",
          format === "json" ? "application/json; charset=utf-8" : "application/yaml; charset=utf-8",
        )
        .header(
          "content-disposition",
          `attachment; filename="policies-${stamp}.${format === "json" ? "json" : "yaml"}"`,
        )
        .send(serialize(doc, format));
    },
  );
}
