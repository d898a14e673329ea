import type { z } from "zod";
import type { ConnectorConfigEntry, ConnectorForm, ConnectorFormField } from "@console/contracts";

export type Form = z.output<typeof ConnectorForm>;

/** The major version of a plugin version such as "2.5.4.Final"; null when it has none. */
export function debeziumMajor(version: string | null | undefined): number | null {
  const m = /^(\d+)/.exec(version ?? "");
  return m ? Number(m[1]) : null;
}

/** The keys that changed name in Debezium 2.0. */
function versionKeys(major: number) {
  return major >= 2
    ? {
        serverName: "topic.prefix",
        dbName: "database.names",
        historyServers: "schema.history.internal.kafka.bootstrap.servers",
        historyTopic: "schema.history.internal.kafka.topic",
      }
    : {
        serverName: "database.server.name",
        dbName: "database.dbname",
        historyServers: "database.history.kafka.bootstrap.servers",
        historyTopic: "database.history.kafka.topic",
      };
}

/**
 * Debezium reads each list entry as a regular expression matched against "schema.table".
 * Identifiers may hold `$`, the one character of theirs that a regular expression treats
 * specially; the dot between schema and table is left as Debezium's own examples write it.
 */
const tableList = (tables: string[]) => tables.map((t) => t.replaceAll("$", "\\$")).join(",");

/**
 * The registration payload of spec section 3. Debezium 1.x gets the spec's keys; 2.x and later
 * get their renamed keys, and `table.include.list` carries the capture list (the include list
 * when one was given, else the whitelist), since 2.x has no `table.whitelist`.
 */
export function buildConfig(form: Form, major: number): Record<string, string> {
  const k = versionKeys(major);
  const config: Record<string, string> = {
    "connector.class": form.connectorClass,
    name: form.name,
    "database.hostname": form.dbHostname,
    "database.port": form.dbPort,
    "database.user": form.dbUser,
    "database.password": form.dbPassword,
    [k.dbName]: form.dbName,
    [k.serverName]: form.dbServerName,
    [k.historyServers]: form.kafkaBootstrapServer,
    [k.historyTopic]: form.schemaName,
  };
  if (major >= 2)
    config["table.include.list"] = tableList(
      form.tablesToInclude.length > 0 ? form.tablesToInclude : form.tablesToWhiteList,
    );
  else {
    config["table.whitelist"] = tableList(form.tablesToWhiteList);
    // Left out when empty: an empty include list would mean every table to Debezium.
    if (form.tablesToInclude.length > 0) config["table.include.list"] = tableList(form.tablesToInclude);
  }
  if (form.snapshotMode) config["snapshot.mode"] = form.snapshotMode;
  if (form.decimalHandlingMode) config["decimal.handling.mode"] = form.decimalHandlingMode;
  if (form.maxQueueSize) config["max.queue.size"] = String(Number(form.maxQueueSize));
  if (form.maxBatchSize) config["max.batch.size"] = String(Number(form.maxBatchSize));
  // Entered in seconds, sent in milliseconds (spec section 9).
  if (form.pollInterval) config["poll.interval.ms"] = String(Number(form.pollInterval) * 1000);
  return config;
}

/** The form field a config key came from, so the worker's errors land on the right field. */
export function fieldForKey(key: string, form: Form, major: number): ConnectorFormField | null {
  const k = versionKeys(major);
  const map: Record<string, ConnectorFormField> = {
    name: "name",
    "connector.class": "connectorClass",
    "database.hostname": "dbHostname",
    "database.port": "dbPort",
    "database.user": "dbUser",
    "database.password": "dbPassword",
    [k.dbName]: "dbName",
    [k.serverName]: "dbServerName",
    [k.historyServers]: "kafkaBootstrapServer",
    [k.historyTopic]: "schemaName",
    "table.whitelist": "tablesToWhiteList",
    "snapshot.mode": "snapshotMode",
    "decimal.handling.mode": "decimalHandlingMode",
    "max.queue.size": "maxQueueSize",
    "max.batch.size": "maxBatchSize",
    "poll.interval.ms": "pollInterval",
  };
  if (key === "table.include.list")
    return major >= 2 && form.tablesToInclude.length === 0 ? "tablesToWhiteList" : "tablesToInclude";
  return map[key] ?? null;
}

/** What people call each form field, for messages. */
export const FIELD_LABELS: Record<ConnectorFormField, string> = {
  name: "Connector name",
  connectorClass: "Connector class",
  dbHostname: "Host name",
  dbPort: "Port",
  dbUser: "User",
  dbPassword: "Password",
  dbName: "Database name",
  dbServerName: "Server name",
  kafkaBootstrapServer: "Bootstrap server",
  schemaName: "Schema change topic",
  tablesToWhiteList: "Tables to whitelist",
  tablesToInclude: "Tables to include",
  snapshotMode: "Snapshot mode",
  pollInterval: "Poll interval",
  maxQueueSize: "Max queue size",
  maxBatchSize: "Max batch size",
  decimalHandlingMode: "Decimal handling mode",
};

/** Keys whose values are secrets: never listed, logged or audited; shown only on an audited reveal. */
export function isSecretKey(key: string): boolean {
  return /password|secret|token|credential|jaas\.config|api\.key|private\.key|user\.info/i.test(key);
}

const FIRST_KEYS = ["name", "connector.class"];

/** The config as the details drawer lists it: class and name first, then by key, secrets without value. */
export function maskedEntries(config: Record<string, string>): ConnectorConfigEntry[] {
  const rank = (k: string) => (FIRST_KEYS.includes(k) ? FIRST_KEYS.indexOf(k) : FIRST_KEYS.length);
  return Object.keys(config)
    .sort((a, b) => rank(a) - rank(b) || a.localeCompare(b))
    .map((key) =>
      isSecretKey(key) ? { key, value: null, secret: true } : { key, value: config[key]!, secret: false },
    );
}

/** The config for an audit event: secrets left out entirely. */
export function auditableConfig(config: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(config).filter(([k]) => !isSecretKey(k)));
}
