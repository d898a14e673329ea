import {
  ACCESS_FIELDS,
  DEFAULT_ACCESS,
  POLICY_DOCUMENT_KIND,
  POLICY_DOCUMENT_VERSION,
  type DocumentPolicy,
  type Policy,
  type PolicyDocument,
} from "@console/contracts";
import { Document, parse as parseYaml, visit } from "yaml";
import { badRequest } from "../../../platform/errors.js";
import { isTrinoRules } from "./trino-file.js";

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
    access: {
      queryAccess: [...p.access.queryAccess],
      queryOwners: [...p.access.queryOwners],
      targetUsers: [...p.access.targetUsers],
      targetRoles: [...p.access.targetRoles],
      properties: [...p.access.properties],
      routines: [...p.access.routines],
      routinePrivileges: [...p.access.routinePrivileges],
      systemInformation: [...p.access.systemInformation],
      allow: p.access.allow,
      ...(p.access.section ? { section: p.access.section } : {}),
      ...(p.access.rule ? { rule: p.access.rule } : {}),
    },
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

/**
 * A policy as the file shows it: `access` holds only the fields its kind reads (and is left out
 * for the data categories); reading the file back fills in the rest with their defaults.
 */
function printed(p: DocumentPolicy): Record<string, unknown> {
  const fields = ACCESS_FIELDS[p.category];
  const { access, ...rest } = p;
  if (!fields) return rest;
  const shown: Record<string, unknown> = {};
  for (const f of fields) {
    const v = (access as Record<string, unknown>)[f] ?? (DEFAULT_ACCESS as Record<string, unknown>)[f];
    if (v !== undefined) shown[f] = v;
  }
  // Kept in the document's field order: access before tnc.
  const { tnc, ...head } = rest;
  return { ...head, access: shown, tnc };
}

/** Whether a plain scalar reads back as something else than this text, under YAML 1.1 or 1.2. */
function misread(text: string): boolean {
  // PyYAML and other 1.1 readers take `=` as the value key and `<<` as the merge key, and refuse both.
  if (text === "=" || text === "<<") return true;
  try {
    const quiet = { logLevel: "silent" } as const;
    return parseYaml(text, { ...quiet, version: "1.1" }) !== text || parseYaml(text, quiet) !== text;
  } catch {
    return true;
  }
}

/**
 * The document as YAML any reader takes back as written: written for YAML 1.1 (which quotes
 * yes, no, on, off, y, n, octal, sexagesimal and the like) and, beyond that, every string a 1.1
 * or 1.2 reader would misread (`=`, `<<`, `0o17`) is double-quoted.
 */
function toYaml(value: unknown): string {
  // The merge key's tag would write the string `<<` bare whatever its style: a document has no merges.
  const d = new Document(value, {
    version: "1.1",
    customTags: (tags) => tags.filter((t) => typeof t === "string" || t.tag !== "tag:yaml.org,2002:merge"),
  });
  visit(d, {
    Scalar(_key, node) {
      if (typeof node.value === "string" && !node.type && misread(node.value)) node.type = "QUOTE_DOUBLE";
    },
  });
  return d.toString({ lineWidth: 0 });
}

export function serialize(doc: PolicyDocument, format: "yaml" | "json"): string {
  const out = { ...doc, policies: doc.policies.map(printed) };
  return format === "json" ? `${JSON.stringify(out, null, 2)}\n` : toYaml(out);
}

export type Upload =
  | { source: "console"; value: Record<string, unknown> }
  | { source: "ranger"; value: Record<string, unknown> & { policies: unknown[] } }
  | { source: "trino"; value: Record<string, unknown> };

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
  // A hand-written rules file of Trino's file-based access control (catalogs, tables, queries...).
  if (isTrinoRules(o)) return { source: "trino", value: o };
  if (o.kind !== POLICY_DOCUMENT_KIND)
    throw badRequest(
      `The document is not a policy document: kind must be ${POLICY_DOCUMENT_KIND} (or upload a Ranger policy export, or a Trino rules file).`,
      "document.kind",
    );
  if (o.version !== POLICY_DOCUMENT_VERSION)
    throw badRequest(
      `The document's version ${JSON.stringify(o.version ?? null)} is not supported: this console reads version ${POLICY_DOCUMENT_VERSION}.`,
      "document.version",
    );
  if (!Array.isArray(o.policies)) throw badRequest("The document has no policies list.", "document.policies");
  const unknown = Object.keys(o).find((k) => !["$schema", "kind", "version", "policies"].includes(k));
  if (unknown) throw badRequest(`document.${unknown}: unknown field`, `document.${unknown}`);
  return { source: "console", value: o };
}
