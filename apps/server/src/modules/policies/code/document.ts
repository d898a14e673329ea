import {
  POLICY_DOCUMENT_KIND,
  POLICY_DOCUMENT_VERSION,
  type DocumentPolicy,
  type Policy,
  type PolicyDocument,
} from "@console/contracts";
import { parse as parseYaml, stringify as toYaml } from "yaml";
import { badRequest } from "../../../platform/errors.js";

/** A policy as the document holds it, with its fields always in the same order (so exports compare as text). */
export function toDocumentPolicy(p: Policy | DocumentPolicy): DocumentPolicy {
  return {
    policyName: p.policyName,
    category: p.category,
    priority: p.priority!,
    state: p.state === "disabled" ? "disabled" : "enabled",
    catalogName: p.catalogName,
    schemaName: [...p.schemaName],
    tables: [...p.tables],
    tags: [...p.tags],
    tablePrivileges: [...p.tablePrivileges],
    config: { allow: p.config.allow, owner: p.config.owner },
    columnDetails: p.columnDetails.map((m) => ({
      table: m.table,
      name: m.name,
      columnDataType: m.columnDataType,
      type: m.type,
      mask: m.mask,
      conditions: m.conditions.map((c) => ({
        column: c.column,
        columnDataType: c.columnDataType,
        condition: c.condition,
        value: c.value,
      })),
    })),
    rowFilters: p.rowFilters.map((r) => ({
      table: r.table,
      columnName: r.columnName,
      columnDataType: r.columnDataType,
      filterCondition: r.filterCondition,
      value: r.value,
    })),
    customRowFilter: p.customRowFilter,
    assignToUsers: [...p.assignToUsers],
    assignToGroups: [...p.assignToGroups],
    tnc: {
      startDate: p.tnc.startDate,
      endDate: p.tnc.endDate,
      domainNames: [...p.tnc.domainNames],
      description: p.tnc.description,
      contactDetails: {
        name: p.tnc.contactDetails.name,
        extension: p.tnc.contactDetails.extension,
        phoneNumber: p.tnc.contactDetails.phoneNumber,
        email: p.tnc.contactDetails.email,
      },
      generalTerms: {
        prohibitedUses: p.tnc.generalTerms.prohibitedUses,
        liabilityLimits: p.tnc.generalTerms.liabilityLimits,
        dataQualityDisclaimer: p.tnc.generalTerms.dataQualityDisclaimer,
        terminationConditions: p.tnc.generalTerms.terminationConditions,
      },
    },
  };
}

/**
 * Policies managed as code: not system policies, not deleted ones, and not table access
 * requests (those follow their own review; docs/policies.md).
 */
export const isManaged = (p: Pick<Policy, "systemPolicy" | "approvalStatus" | "state">) =>
  !p.systemPolicy && p.approvalStatus === null && p.state !== "deleted";

export function buildDocument(policies: Policy[]): PolicyDocument {
  return {
    kind: POLICY_DOCUMENT_KIND,
    version: POLICY_DOCUMENT_VERSION,
    policies: policies.filter(isManaged).map(toDocumentPolicy),
  };
}

export function serialize(doc: PolicyDocument, format: "yaml" | "json"): string {
  return format === "json" ? `${JSON.stringify(doc, null, 2)}\n` : toYaml(doc, { lineWidth: 0 });
}

export type Upload =
  | { source: "console"; value: Record<string, unknown> }
  | { source: "ranger"; value: Record<string, unknown> & { policies: unknown[] } };

/** Reads an uploaded file: JSON or YAML, a console document of a version this console reads, or a Ranger export. */
export function readUpload(text: string): Upload {
  let value: unknown;
  const trimmed = text.trimStart();
  try {
    value =
      trimmed.startsWith("{") || trimmed.startsWith("[") ? JSON.parse(text) : parseYaml(text, { maxAliasCount: 100 });
  } catch (err) {
    const why = err instanceof Error ? err.message.split("\n")[0] : "it cannot be read";
    throw badRequest(`The document is neither valid YAML nor JSON: ${why}`, "document");
  }
  if (value === null || typeof value !== "object" || Array.isArray(value))
    throw badRequest("The document must be a YAML or JSON object holding policies.", "document");
  const o = value as Record<string, unknown>;
  const ranger =
    Array.isArray(o.policies) &&
    ("metaDataInfo" in o ||
      o.policies.some((p) => p !== null && typeof p === "object" && ("policyItems" in p || "service" in p)));
  if (ranger) return { source: "ranger", value: o as Upload["value"] & { policies: unknown[] } };
  if (o.kind !== POLICY_DOCUMENT_KIND)
    throw badRequest(
      `The document is not a policy document: kind must be ${POLICY_DOCUMENT_KIND} (or upload a Ranger policy export).`,
      "document.kind",
    );
  if (o.version !== POLICY_DOCUMENT_VERSION)
    throw badRequest(
      `The document's version ${JSON.stringify(o.version ?? null)} is not supported: this console reads version ${POLICY_DOCUMENT_VERSION}.`,
      "document.version",
    );
  if (!Array.isArray(o.policies)) throw badRequest("The document has no policies list.", "document.policies");
  return { source: "console", value: o };
}
