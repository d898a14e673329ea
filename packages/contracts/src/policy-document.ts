import { z } from "zod";
import { ChangeEntry } from "./audits.js";
import { PolicyInput, PolicyQuery } from "./policies.js";
import {
  POLICY_DOCUMENT_FORMATS,
  POLICY_DOCUMENT_KIND,
  POLICY_DOCUMENT_MAX_CHARS,
  POLICY_DOCUMENT_VERSION,
  POLICY_IMPORT_MODES,
} from "./policy-constants.js";
import { route } from "./route.js";

/** One policy of the document: the wizard's form with its priority and state; users and groups by name. */
export const DocumentPolicy = PolicyInput.extend({
  priority: z.number().int().min(1).max(999_999),
  state: z.enum(["enabled", "disabled"], { message: "must be enabled or disabled" }).default("enabled"),
}).meta({ id: "DocumentPolicy" });
export type DocumentPolicy = z.output<typeof DocumentPolicy>;

const documentShape = z.strictObject({
  $schema: z.string().max(500).optional(),
  kind: z.literal(POLICY_DOCUMENT_KIND, { message: `must be ${POLICY_DOCUMENT_KIND}` }),
  version: z.literal(POLICY_DOCUMENT_VERSION, { message: `must be ${POLICY_DOCUMENT_VERSION}` }),
  policies: z.array(DocumentPolicy).max(5000),
});
export const PolicyDocument = documentShape.meta({ id: "PolicyDocument" });
export type PolicyDocument = z.output<typeof PolicyDocument>;

/** The document's JSON Schema (draft 2020-12), as the API serves it and docs/ keeps it. */
export function policyDocumentJsonSchema(): Record<string, unknown> {
  const titled = documentShape.meta({ title: "Platform Console policy document" });
  return z.toJSONSchema(titled, { io: "input", unrepresentable: "any" }) as Record<string, unknown>;
}

export const PolicyExportQuery = PolicyQuery.omit({ page: true, size: true }).extend({
  format: z.enum(POLICY_DOCUMENT_FORMATS, { message: "must be yaml or json" }).default("yaml"),
});
export type PolicyExportQuery = z.input<typeof PolicyExportQuery>;

export const PolicyImportBody = z.object({
  /** The file's text: a console document (YAML or JSON) or a Ranger policy export (JSON). */
  document: z
    .string()
    .min(1, { message: "is empty" })
    .max(POLICY_DOCUMENT_MAX_CHARS, { message: `is too large (at most ${POLICY_DOCUMENT_MAX_CHARS} characters)` }),
  mode: z.enum(POLICY_IMPORT_MODES, { message: "must be merge or replace" }).default("merge"),
  /** The Trino catalog Ranger's Hive service definition maps to (Hive has no catalogs). */
  hiveCatalog: z.string().trim().min(1).max(255).default("hive"),
});
export type PolicyImportBody = z.input<typeof PolicyImportBody>;

const PlanProblem = z.object({ path: z.string(), message: z.string() });
/** What a Ranger policy became, and what of it could not be mapped exactly (imported stricter or not at all). */
const PlanNote = z.object({ source: z.string(), policies: z.array(z.string()), messages: z.array(z.string()) });

export const PolicyImportPlan = z
  .object({
    source: z.enum(["console", "ranger", "trino"]),
    mode: z.enum(POLICY_IMPORT_MODES),
    valid: z.boolean(),
    problems: z.array(PlanProblem),
    creates: z.array(z.object({ name: z.string(), policy: DocumentPolicy })),
    updates: z.array(z.object({ id: z.number().int(), name: z.string(), changes: z.array(ChangeEntry) })),
    deletes: z.array(z.object({ id: z.number().int(), name: z.string() })),
    unchanged: z.array(z.string()),
    notes: z.array(PlanNote),
  })
  .meta({ id: "PolicyImportPlan" });
export type PolicyImportPlan = z.infer<typeof PolicyImportPlan>;

export const PolicyImportResult = z
  .object({ created: z.number().int(), updated: z.number().int(), deleted: z.number().int(), plan: PolicyImportPlan })
  .meta({ id: "PolicyImportResult" });
export type PolicyImportResult = z.infer<typeof PolicyImportResult>;

const access = { menu: "policy-management" } as const;
const tags = ["policies"];
export const POLICY_DOCUMENT_PATH = "/admin-api/api/v1/acl/code";

export const policyCodeRoutes = {
  schema: route({
    method: "GET",
    path: `${POLICY_DOCUMENT_PATH}/schema`,
    access,
    summary: "The JSON Schema of the policy document",
    tags,
    response: z.record(z.string(), z.unknown()),
  }),
  plan: route({
    method: "POST",
    path: `${POLICY_DOCUMENT_PATH}/plan`,
    access,
    summary: "What importing a policy document (or a Ranger export) would change, saving nothing",
    tags,
    body: PolicyImportBody,
    response: PolicyImportPlan,
  }),
  apply: route({
    method: "POST",
    path: `${POLICY_DOCUMENT_PATH}/apply`,
    access,
    summary: "Imports a policy document in one transaction (needs a valid licence; does not sync)",
    tags,
    body: PolicyImportBody,
    response: PolicyImportResult,
  }),
} as const;
