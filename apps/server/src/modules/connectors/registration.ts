import { ConnectorForm, type ConnectorFormField, type ConnectorRegistration } from "@console/contracts";
import { badRequest } from "../../platform/errors.js";
import type { Form } from "./payload.js";

/**
 * Keys Debezium 2.0 renamed, with the same meaning (Debezium 2.0 migration notes): the logical
 * server name became the topic prefix, SQL Server's database name a list, and the
 * whitelist/blacklist pairs (deprecated since 1.3) include/exclude lists.
 */
const RENAMED: Record<string, string> = {
  "database.server.name": "topic.prefix",
  "database.dbname": "database.names",
  "table.whitelist": "table.include.list",
  "table.blacklist": "table.exclude.list",
  "column.whitelist": "column.include.list",
  "column.blacklist": "column.exclude.list",
  "schema.whitelist": "schema.include.list",
  "schema.blacklist": "schema.exclude.list",
  "database.whitelist": "database.include.list",
  "database.blacklist": "database.exclude.list",
  "database.history": "schema.history.internal",
};
/** The schema history settings moved from `database.history.*` to `schema.history.internal.*`. */
const HISTORY_1 = "database.history.";
const HISTORY_2 = "schema.history.internal.";

/** The Debezium 2.x name of a 1.x key; other keys keep theirs. */
export function debezium2Key(key: string): string {
  if (RENAMED[key]) return RENAMED[key];
  if (key.startsWith(HISTORY_1)) return HISTORY_2 + key.slice(HISTORY_1.length);
  return key;
}

/** The form's fields and the keys (2.x names) that fill them. */
const FIELD_KEYS: Array<[Exclude<ConnectorFormField, "name" | "tablesToWhiteList" | "tablesToInclude">, string]> = [
  ["connectorClass", "connector.class"],
  ["dbHostname", "database.hostname"],
  ["dbPort", "database.port"],
  ["dbUser", "database.user"],
  ["dbPassword", "database.password"],
  ["dbName", "database.names"],
  ["dbServerName", "topic.prefix"],
  ["kafkaBootstrapServer", "schema.history.internal.kafka.bootstrap.servers"],
  ["schemaName", "schema.history.internal.kafka.topic"],
  ["snapshotMode", "snapshot.mode"],
  ["decimalHandlingMode", "decimal.handling.mode"],
  ["maxQueueSize", "max.queue.size"],
  ["maxBatchSize", "max.batch.size"],
];

const tables = (list: string | undefined) =>
  (list ?? "")
    .split(",")
    .map((t) => t.trim().replaceAll("\\$", "$"))
    .filter(Boolean);

/**
 * A registration payload (`name` and `config`, as Kafka Connect takes it) with Debezium 1.x or
 * 2.x keys, read into the wizard's form so the same rules apply, plus the keys the form does
 * not have, under their 2.x names. A key given under both names is refused: which one wins
 * would be a guess. Errors name the key as it was sent (`body.config.database.server.name`).
 */
export function readRegistration(body: ConnectorRegistration): { form: Form; extra: ExtraKey[] } {
  const sentAs: Record<string, string> = {};
  const config: Record<string, string> = {};
  const { "table.whitelist": whitelist, ...rest } = body.config;
  for (const [key, value] of Object.entries(rest)) {
    const current = debezium2Key(key);
    if (sentAs[current] !== undefined)
      throw badRequest(
        `body.config: ${sentAs[current]} and ${key} are the same setting (Debezium 1.x and 2.x names); send one.`,
        `body.config.${key}`,
      );
    sentAs[current] = key;
    config[current] = value;
  }
  // 1.x captures the whitelist, narrowed by the include list when one is given; 2.x has the include list only.
  if (whitelist !== undefined) sentAs["table.include.list"] = "table.whitelist";
  const raw: Record<string, unknown> = {
    name: body.name,
    tablesToWhiteList: tables(whitelist ?? config["table.include.list"]),
    tablesToInclude: whitelist !== undefined ? tables(config["table.include.list"]) : [],
  };
  const used = new Set(["name", "table.include.list"]);
  for (const [field, key] of FIELD_KEYS) {
    used.add(key);
    if (config[key] !== undefined) raw[field] = config[key];
  }
  const poll = config["poll.interval.ms"];
  used.add("poll.interval.ms");
  if (poll !== undefined) {
    if (!/^\d+$/.test(poll) || Number(poll) % 1000 !== 0)
      throw badRequest(
        "body.config.poll.interval.ms: must be whole seconds in milliseconds (the wizard's unit)",
        "body.config.poll.interval.ms",
      );
    raw.pollInterval = String(Number(poll) / 1000);
  }
  const parsed = ConnectorForm.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const field = String(issue.path[0]);
    const key = keyOf(field, sentAs);
    const name = `body.${key === "name" ? "name" : `config.${key}`}`;
    throw badRequest(`${name}: ${issue.message}`, name);
  }
  const extra = Object.entries(config)
    .filter(([k]) => !used.has(k))
    .map(([key, value]) => ({ sent: sentAs[key]!, key, value }));
  return { form: parsed.data, extra };
}

function keyOf(field: string, sentAs: Record<string, string>): string {
  if (field === "name") return "name";
  if (field === "pollInterval") return "poll.interval.ms";
  if (field === "tablesToInclude") return "table.include.list";
  if (field === "tablesToWhiteList") return sentAs["table.include.list"] ?? "table.include.list";
  const key = FIELD_KEYS.find(([f]) => f === field)?.[1] ?? field;
  return sentAs[key] ?? key;
}

export interface ExtraKey {
  /** The name it was sent under, its Debezium 2.x name, and its value. */
  sent: string;
  key: string;
  value: string;
}

/** The keys beyond the form, for the worker's version: 2.x names for 2.x and later, as sent for 1.x. */
export function extraConfig(extra: ExtraKey[], major: number): Record<string, string> {
  return Object.fromEntries(extra.map((e) => [major >= 2 ? e.key : e.sent, e.value]));
}
