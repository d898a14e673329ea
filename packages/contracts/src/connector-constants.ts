/** Constants of the connector screens; no zod here, so the web bundle can import them. */

/** Limits of the connector wizard (spec section 5); the web form and the server both use them. */
export const CONNECTOR_LIMITS = {
  name: 20,
  host: 50,
  portDigits: 5,
  user: 50,
  password: 50,
  dbName: 50,
  serverName: 50,
  bootstrapServer: 50,
  schemaTopic: 50,
  schema: 128,
  table: 128,
  pollIntervalDigits: 4,
  maxQueueSizeDigits: 7,
  maxBatchSizeDigits: 7,
  /** Tables per list: far above any real capture list, low enough to keep one request small. */
  tables: 500,
} as const;

export const SNAPSHOT_MODES = ["initial", "initial_only", "schema_only"] as const;
export const DECIMAL_HANDLING_MODES = ["precise", "double", "string"] as const;
/** Connectors list: fixed at 10 rows, no page-size selector (spec section 9). */
export const CONNECTORS_PAGE_SIZE = 10;
/** The wizard's loading state after it closes (spec section 4). */
export const CONNECTOR_WIZARD_CLOSE_MS = 200;
/** What a secret configuration value shows until it is revealed. */
export const SECRET_MASK = "**********";

export const SQLSERVER_CONNECTOR_CLASS = "io.debezium.connector.sqlserver.SqlServerConnector";

/** The classes step 1 offers; only SQL Server can be chosen (spec: connector wizard). */
export const CONNECTOR_CLASSES = [
  { className: SQLSERVER_CONNECTOR_CLASS, label: "SQL Server", selectable: true },
  { className: "io.debezium.connector.mysql.MySqlConnector", label: "MySQL", selectable: false },
  { className: "io.debezium.connector.postgresql.PostgresConnector", label: "PostgreSQL", selectable: false },
  { className: "io.debezium.connector.oracle.OracleConnector", label: "Oracle", selectable: false },
  { className: "io.debezium.connector.mongodb.MongoDbConnector", label: "MongoDB", selectable: false },
  { className: "io.debezium.connector.db2.Db2Connector", label: "Db2", selectable: false },
] as const;

/** The platform component (component permissions) every connector route and screen needs. */
export const CONNECTOR_COMPONENT = "debezium";

/** Connector names go into URLs and topic names: letters, digits, dot, dash, underscore. */
export const CONNECTOR_NAME_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._-]*$/;
/** Kafka topic names and Debezium's topic prefix allow these characters only. */
export const TOPIC_PATTERN = /^[A-Za-z0-9._-]+$/;
/** A SQL Server regular identifier (schema or table name). */
export const IDENTIFIER_PATTERN = /^[\p{L}_@#][\p{L}\p{N}_@#$]*$/u;
/** Bootstrap servers: host:port pairs separated by commas. */
export const BOOTSTRAP_PATTERN = /^[^\s,:]+:\d{1,5}(,[^\s,:]+:\d{1,5})*$/;
