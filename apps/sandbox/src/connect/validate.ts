/**
 * The config definitions of the simulated Debezium SQL Server plugin, and a validation that
 * answers like PUT /connector-plugins/{class}/config/validate on a real worker: every defined
 * key with its value and the errors found on it. Keys differ between Debezium 1.x and 2.x.
 */

export const SQLSERVER_CLASS = "io.debezium.connector.sqlserver.SqlServerConnector";

type Kind = "STRING" | "INT" | "LONG" | "PASSWORD" | "LIST" | "CLASS";

interface Definition {
  name: string;
  type: Kind;
  required: boolean;
  default_value: string | null;
  group: string;
  order: number;
  display_name: string;
  documentation: string;
  /** Allowed values, for enumerations. */
  allowed?: string[];
}

export interface ValidateAnswer {
  name: string;
  error_count: number;
  groups: string[];
  configs: Array<{
    definition: Omit<Definition, "allowed"> & { importance: string; width: string; dependents: string[] };
    value: { name: string; value: string | null; recommended_values: string[]; errors: string[]; visible: boolean };
  }>;
}

const def = (
  name: string,
  type: Kind,
  group: string,
  order: number,
  display: string,
  doc: string,
  opts: Partial<Pick<Definition, "required" | "default_value" | "allowed">> = {},
): Definition => ({
  name,
  type,
  group,
  order,
  display_name: display,
  documentation: doc,
  required: opts.required ?? false,
  default_value: opts.default_value ?? null,
  ...(opts.allowed ? { allowed: opts.allowed } : {}),
});

/** Keys that differ between Debezium 1.x and 2.x. */
export function versionKeys(major: number) {
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

function definitions(major: number): Definition[] {
  const k = versionKeys(major);
  const list: Definition[] = [
    def("name", "STRING", "Common", 1, "Connector name", "Globally unique name to use for this connector.", {
      required: true,
    }),
    def("connector.class", "CLASS", "Common", 2, "Connector class", "Name or alias of the class for this connector.", {
      required: true,
    }),
    def("tasks.max", "INT", "Common", 3, "Tasks max", "Maximum number of tasks to use for this connector.", {
      default_value: "1",
    }),
    def(
      "database.hostname",
      "STRING",
      "Connection",
      1,
      "Hostname",
      "Resolvable hostname or IP address of the database server.",
      {
        required: true,
      },
    ),
    def("database.port", "INT", "Connection", 2, "Port", "Port of the database server.", { default_value: "1433" }),
    def(
      "database.user",
      "STRING",
      "Connection",
      3,
      "User",
      "Name of the database user to be used when connecting to the database.",
      {
        required: true,
      },
    ),
    def(
      "database.password",
      "PASSWORD",
      "Connection",
      4,
      "Password",
      "Password of the database user to be used when connecting to the database.",
    ),
    def(
      k.dbName,
      "STRING",
      "Connection",
      5,
      major >= 2 ? "Databases" : "Database name",
      "The name of the database from which the connector should capture changes.",
      {
        required: true,
      },
    ),
    def(
      k.serverName,
      "STRING",
      "Connection",
      6,
      major >= 2 ? "Topic prefix" : "Namespace",
      "Topic prefix that identifies and provides a namespace for the particular database server.",
      {
        required: true,
      },
    ),
    def(
      k.historyServers,
      "LIST",
      "History Storage",
      1,
      "Kafka broker addresses",
      "A list of host/port pairs that the connector will use for establishing the initial connection to the Kafka cluster for retrieving database schema history.",
      {
        required: true,
      },
    ),
    def(
      k.historyTopic,
      "STRING",
      "History Storage",
      2,
      "Database schema history topic name",
      "The name of the topic for the database schema history.",
      {
        required: true,
      },
    ),
    def(
      "table.include.list",
      "LIST",
      "Filters",
      1,
      "Include Tables",
      "The tables for which changes are to be captured.",
    ),
    def(
      "snapshot.mode",
      "STRING",
      "Connector",
      1,
      "Snapshot mode",
      "The criteria for running a snapshot upon startup of the connector.",
      {
        default_value: "initial",
        allowed: ["initial", "initial_only", "schema_only"],
      },
    ),
    def(
      "poll.interval.ms",
      "LONG",
      "Connector",
      2,
      "Poll interval (ms)",
      "Time to wait for new change events to appear after receiving no events, given in milliseconds.",
      {
        default_value: "500",
      },
    ),
    def(
      "max.queue.size",
      "INT",
      "Connector",
      3,
      "Change event buffer size",
      "Maximum size of the queue for change events read from the database log.",
      {
        default_value: "8192",
      },
    ),
    def(
      "max.batch.size",
      "INT",
      "Connector",
      4,
      "Change event batch size",
      "Maximum size of each batch of source records.",
      {
        default_value: "2048",
      },
    ),
    def(
      "decimal.handling.mode",
      "STRING",
      "Connector",
      5,
      "Decimal Handling",
      "Specify how DECIMAL and NUMERIC columns should be represented in change events.",
      {
        default_value: "precise",
        allowed: ["precise", "string", "double"],
      },
    ),
  ];
  if (major < 2)
    list.push(
      def(
        "table.whitelist",
        "LIST",
        "Filters",
        2,
        "Deprecated: Include Tables",
        "The tables for which changes are to be captured (deprecated, use table.include.list).",
      ),
    );
  return list;
}

const invalid = (key: string, why: string) => `The '${key}' value is invalid: ${why}`;

function typeError(d: Definition, value: string): string | null {
  if ((d.type === "INT" || d.type === "LONG") && !/^-?\d+$/.test(value.trim()))
    return `Invalid value ${value} for configuration ${d.name}: Not a number of type ${d.type}`;
  return null;
}

/** Simulated connection check: some host names and passwords fail as a real database would. */
function connectionError(config: Record<string, string>): string | null {
  const host = config["database.hostname"] ?? "";
  const port = config["database.port"] ?? "1433";
  if (/\.invalid$|^unreachable/i.test(host))
    return `Unable to connect. Check this and other connection properties. Error: The TCP/IP connection to the host ${host}, port ${port} has failed. Error: "${host}: Name or service not known. Verify the connection properties."`;
  if (config["database.password"] === "wrong-password")
    return `Unable to connect. Check this and other connection properties. Error: Login failed for user '${config["database.user"] ?? ""}'.`;
  return null;
}

export function validateConfig(config: Record<string, string>, debeziumVersion: string): ValidateAnswer {
  const major = Number.parseInt(debeziumVersion, 10) || 2;
  const k = versionKeys(major);
  const defs = definitions(major);
  const errors = new Map<string, string[]>(defs.map((d) => [d.name, []]));
  const add = (key: string, message: string) => errors.get(key)?.push(message);

  for (const d of defs) {
    const value = config[d.name];
    if (value === undefined || value.trim() === "") {
      if (!d.required) continue;
      add(
        d.name,
        d.group === "Common"
          ? `Missing required configuration "${d.name}" which has no default value.`
          : invalid(d.name, "A value is required"),
      );
      continue;
    }
    const typeProblem = typeError(d, value);
    if (typeProblem) add(d.name, typeProblem);
    else if (d.allowed && !d.allowed.includes(value))
      add(d.name, invalid(d.name, `Value must be one of ${d.allowed.join(", ")}`));
  }
  if (config["connector.class"] && config["connector.class"] !== SQLSERVER_CLASS)
    add(
      "connector.class",
      `Failed to find any class that implements Connector and which name matches ${config["connector.class"]}`,
    );
  const prefix = config[k.serverName];
  if (prefix && !/^[A-Za-z0-9._-]+$/.test(prefix))
    add(
      k.serverName,
      invalid(
        k.serverName,
        `${prefix} has invalid format (only the underscore, hyphen, dot and alphanumeric characters are allowed)`,
      ),
    );
  const queue = Number(config["max.queue.size"] ?? 8192);
  const batch = Number(config["max.batch.size"] ?? 2048);
  if (Number.isFinite(queue) && Number.isFinite(batch) && queue <= batch)
    add("max.queue.size", invalid("max.queue.size", "Must be larger than the maximum batch size"));
  const poll = config["poll.interval.ms"];
  if (poll !== undefined && /^-?\d+$/.test(poll) && Number(poll) <= 0)
    add("poll.interval.ms", invalid("poll.interval.ms", "A positive integer value is required"));

  // Like Debezium, try the database only when the connection settings themselves are sound.
  const connectionKeys = ["database.hostname", "database.port", "database.user", "database.password"];
  if (connectionKeys.every((key) => (errors.get(key) ?? []).length === 0)) {
    const problem = connectionError(config);
    if (problem) add("database.hostname", problem);
  }

  const configs = defs.map((d) => {
    const raw = config[d.name];
    const { allowed, ...definition } = d;
    return {
      definition: { ...definition, importance: d.required ? "HIGH" : "MEDIUM", width: "MEDIUM", dependents: [] },
      value: {
        name: d.name,
        value: raw === undefined ? d.default_value : d.type === "PASSWORD" ? "[hidden]" : raw,
        recommended_values: allowed ?? [],
        errors: errors.get(d.name) ?? [],
        visible: true,
      },
    };
  });
  return {
    name: SQLSERVER_CLASS,
    error_count: configs.reduce((n, c) => n + c.value.errors.length, 0),
    groups: [...new Set(defs.map((d) => d.group))],
    configs,
  };
}
