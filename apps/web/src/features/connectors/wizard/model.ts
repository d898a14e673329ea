import type { ConnectorForm, ConnectorFormField } from "@console/contracts";
import {
  BOOTSTRAP_PATTERN,
  CONNECTOR_LIMITS,
  CONNECTOR_NAME_PATTERN,
  TOPIC_PATTERN,
} from "@console/contracts/constants";

/** The wizard's values as the form holds them (every input a string, tables as "schema.table"). */
export interface WizardValues {
  connectorClass?: string;
  dbHostname?: string;
  dbPort?: string;
  dbUser?: string;
  dbPassword?: string;
  dbName?: string;
  dbServerName?: string;
  kafkaBootstrapServer?: string;
  schemaName?: string;
  tablesToWhiteList?: string[];
  tablesToInclude?: string[];
  name?: string;
  snapshotMode?: string;
  pollInterval?: string;
  maxQueueSize?: string;
  maxBatchSize?: string;
  decimalHandlingMode?: string;
}

export interface WizardStep {
  id: string;
  titleKey: string;
  /** The fields the step holds; required ones must be filled and every one valid to go on. */
  fields: ConnectorFormField[];
}

/** The four steps of spec section 2 (connector wizard), in order. */
export const WIZARD_STEPS: WizardStep[] = [
  { id: "connectorClass", titleKey: "connectors.wizard.step.connectorClass", fields: ["connectorClass"] },
  {
    id: "database",
    titleKey: "connectors.wizard.step.database",
    fields: [
      "dbHostname",
      "dbPort",
      "dbUser",
      "dbPassword",
      "dbName",
      "dbServerName",
      "kafkaBootstrapServer",
      "schemaName",
    ],
  },
  { id: "subsets", titleKey: "connectors.wizard.step.subsets", fields: ["tablesToWhiteList", "tablesToInclude"] },
  {
    id: "general",
    titleKey: "connectors.wizard.step.general",
    fields: ["name", "snapshotMode", "pollInterval", "maxQueueSize", "maxBatchSize", "decimalHandlingMode"],
  },
];

/** A problem as an i18n key and its values; the screen translates it. */
export interface Problem {
  key: string;
  values?: Record<string, string | number>;
}

interface TextRule {
  max: number;
  required: boolean;
  pattern?: [RegExp, string];
  digits?: { min: number; max?: number; messageKey?: string };
  /** Passwords keep their spaces, so they are checked untrimmed. */
  untrimmed?: boolean;
}

const L = CONNECTOR_LIMITS;
const TEXT_RULES: Partial<Record<ConnectorFormField, TextRule>> = {
  name: { max: L.name, required: true, pattern: [CONNECTOR_NAME_PATTERN, "connectors.rule.name"] },
  dbHostname: { max: L.host, required: true, pattern: [/^[^\s,]+$/, "connectors.rule.noSpaces"] },
  dbPort: { max: L.portDigits, required: true, digits: { min: 1, max: 65535, messageKey: "connectors.rule.port" } },
  dbUser: { max: L.user, required: true },
  dbPassword: { max: L.password, required: true, untrimmed: true },
  dbName: { max: L.dbName, required: true, pattern: [/^[^,]+$/, "connectors.rule.noCommas"] },
  dbServerName: { max: L.serverName, required: true, pattern: [TOPIC_PATTERN, "connectors.rule.topic"] },
  kafkaBootstrapServer: {
    max: L.bootstrapServer,
    required: true,
    pattern: [BOOTSTRAP_PATTERN, "connectors.rule.bootstrap"],
  },
  schemaName: { max: L.schemaTopic, required: true, pattern: [TOPIC_PATTERN, "connectors.rule.topic"] },
  pollInterval: { max: L.pollIntervalDigits, required: false, digits: { min: 1 } },
  maxQueueSize: { max: L.maxQueueSizeDigits, required: false, digits: { min: 1 } },
  maxBatchSize: { max: L.maxBatchSizeDigits, required: false, digits: { min: 1 } },
};

/** The first problem with one field's value, or null (the same rules as the server's contract). */
export function fieldProblem(field: ConnectorFormField, values: WizardValues): Problem | null {
  const fieldName = { field: `connectors.field.${field}` };
  if (field === "connectorClass")
    return values.connectorClass ? null : { key: "connectors.rule.required", values: fieldName };
  if (field === "tablesToWhiteList")
    return (values.tablesToWhiteList ?? []).length > 0 ? null : { key: "connectors.rule.whitelist" };
  if (field === "tablesToInclude") {
    const whitelist = new Set(values.tablesToWhiteList ?? []);
    return (values.tablesToInclude ?? []).every((t) => whitelist.has(t))
      ? null
      : { key: "connectors.tables.notWhitelisted" };
  }
  const rule = TEXT_RULES[field];
  if (!rule) return null;
  const raw = (values[field] as string | undefined) ?? "";
  const value = rule.untrimmed ? raw : raw.trim();
  if (value === "") return rule.required ? { key: "connectors.rule.required", values: fieldName } : null;
  if (rule.untrimmed && value.trim() !== value) return { key: "connectors.rule.passwordSpaces" };
  if (rule.digits) {
    if (!/^\d+$/.test(value)) return { key: "connectors.rule.digits", values: fieldName };
    if (value.length > rule.max) return { key: "connectors.rule.max", values: { ...fieldName, max: rule.max } };
    const n = Number(value);
    if (n < rule.digits.min || (rule.digits.max !== undefined && n > rule.digits.max))
      return { key: rule.digits.messageKey ?? "connectors.rule.positive", values: fieldName };
    return null;
  }
  if (value.length > rule.max) return { key: "connectors.rule.max", values: { ...fieldName, max: rule.max } };
  if (rule.pattern && !rule.pattern[0].test(value)) return { key: rule.pattern[1], values: fieldName };
  return null;
}

export function stepComplete(step: WizardStep, values: WizardValues): boolean {
  return step.fields.every((f) => fieldProblem(f, values) === null);
}

/** The furthest step a person may open: every step before it is complete. */
export function furthestReachable(values: WizardValues): number {
  const firstIncomplete = WIZARD_STEPS.findIndex((s) => !stepComplete(s, values));
  return firstIncomplete === -1 ? WIZARD_STEPS.length - 1 : firstIncomplete;
}

export function stepOfField(field: string): number {
  const i = WIZARD_STEPS.findIndex((s) => (s.fields as string[]).includes(field));
  return i === -1 ? 0 : i;
}

const trimmed = (v: string | undefined) => (v ?? "").trim();
const optional = (v: string | undefined) => (trimmed(v) === "" ? undefined : trimmed(v));

/** Form values to the API's body: inputs trimmed (the password as typed), empty options left out. */
export function toApiBody(values: WizardValues): ConnectorForm {
  return {
    name: trimmed(values.name),
    connectorClass: values.connectorClass as ConnectorForm["connectorClass"],
    dbHostname: trimmed(values.dbHostname),
    dbPort: trimmed(values.dbPort),
    dbUser: trimmed(values.dbUser),
    dbPassword: values.dbPassword ?? "",
    dbName: trimmed(values.dbName),
    dbServerName: trimmed(values.dbServerName),
    kafkaBootstrapServer: trimmed(values.kafkaBootstrapServer),
    schemaName: trimmed(values.schemaName),
    tablesToWhiteList: values.tablesToWhiteList ?? [],
    tablesToInclude: values.tablesToInclude ?? [],
    snapshotMode: optional(values.snapshotMode) as ConnectorForm["snapshotMode"],
    pollInterval: optional(values.pollInterval),
    maxQueueSize: optional(values.maxQueueSize),
    maxBatchSize: optional(values.maxBatchSize),
    decimalHandlingMode: optional(values.decimalHandlingMode) as ConnectorForm["decimalHandlingMode"],
  };
}

const FORM_FIELDS = new Set<string>(WIZARD_STEPS.flatMap((s) => s.fields));

/**
 * A refused validation or creation, sorted onto the wizard: messages per form field, and the
 * rest (keys the form does not have, or no field at all) for an alert.
 */
export function apiErrorsToFields(
  body: {
    error?: string;
    field?: string;
    fields?: Record<string, string[]>;
  } | null,
): { fields: Record<string, string[]>; other: string[] } {
  const fields: Record<string, string[]> = {};
  const other: string[] = [];
  if (body?.fields) {
    for (const [key, messages] of Object.entries(body.fields))
      if (FORM_FIELDS.has(key)) fields[key] = messages;
      else other.push(...messages.map((m) => `${key}: ${m}`));
    return { fields, other };
  }
  const field = body?.field?.replace(/^body\./, "").split(".")[0];
  const message = body?.error ?? "";
  if (field && FORM_FIELDS.has(field)) fields[field] = [message.replace(/^body\.[\w.]+: /, "")];
  else if (message) other.push(message);
  return { fields, other };
}
