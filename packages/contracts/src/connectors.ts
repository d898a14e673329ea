import { z } from "zod";
import {
  BOOTSTRAP_PATTERN,
  CONNECTOR_LIMITS,
  CONNECTOR_COMPONENT,
  CONNECTOR_NAME_PATTERN,
  CONNECTORS_PAGE_SIZE,
  DECIMAL_HANDLING_MODES,
  IDENTIFIER_PATTERN,
  SNAPSHOT_MODES,
  SQLSERVER_CONNECTOR_CLASS,
  TOPIC_PATTERN,
} from "./connector-constants.js";
import { route } from "./route.js";

const text = (max: number) =>
  z
    .string()
    .trim()
    .min(1, { message: "is required" })
    .max(max, { message: `must be ${max} characters or fewer` });

const digits = (maxDigits: number, min = 1, max = 10 ** maxDigits - 1) =>
  z
    .string()
    .trim()
    .regex(/^\d+$/, { message: "must contain digits only" })
    .max(maxDigits, { message: `must be ${maxDigits} digits or fewer` })
    .refine((v) => Number(v) >= min && Number(v) <= max, { message: `must be between ${min} and ${max}` });

/** "schema.table", each part a SQL Server identifier of at most 128 characters. */
export const TableRef = z
  .string()
  .trim()
  .refine(
    (v) => {
      const dot = v.indexOf(".");
      if (dot < 1) return false;
      const schema = v.slice(0, dot);
      const table = v.slice(dot + 1);
      return (
        schema.length <= CONNECTOR_LIMITS.schema &&
        table.length <= CONNECTOR_LIMITS.table &&
        IDENTIFIER_PATTERN.test(schema) &&
        IDENTIFIER_PATTERN.test(table)
      );
    },
    { message: "must be schema.table, each a name of at most 128 letters, digits, _, @, # or $" },
  );

const tableList = z.array(TableRef).max(CONNECTOR_LIMITS.tables, {
  message: `must hold ${CONNECTOR_LIMITS.tables} tables or fewer`,
});

/** The connector wizard's form (spec section 3, connector form); the server builds the payload from it. */
export const ConnectorForm = z
  .object({
    name: text(CONNECTOR_LIMITS.name).regex(CONNECTOR_NAME_PATTERN, {
      message: "must start with a letter or digit and hold only letters, digits, dot, dash or underscore",
    }),
    connectorClass: z.literal(SQLSERVER_CONNECTOR_CLASS, { message: "must be the SQL Server connector" }),
    dbHostname: text(CONNECTOR_LIMITS.host).regex(/^[^\s,]+$/, { message: "must not contain spaces or commas" }),
    dbPort: digits(CONNECTOR_LIMITS.portDigits, 1, 65535),
    dbUser: text(CONNECTOR_LIMITS.user),
    // Not trimmed: a password is sent as typed, so a space at either end is refused rather than removed.
    dbPassword: z
      .string()
      .min(1, { message: "is required" })
      .max(CONNECTOR_LIMITS.password, { message: `must be ${CONNECTOR_LIMITS.password} characters or fewer` })
      .refine((v) => v.trim() === v, { message: "must not start or end with a space" }),
    dbName: text(CONNECTOR_LIMITS.dbName).regex(/^[^,]+$/, { message: "must not contain commas" }),
    dbServerName: text(CONNECTOR_LIMITS.serverName).regex(TOPIC_PATTERN, {
      message: "must hold only letters, digits, dot, dash or underscore",
    }),
    kafkaBootstrapServer: text(CONNECTOR_LIMITS.bootstrapServer).regex(BOOTSTRAP_PATTERN, {
      message: "must be host:port pairs separated by commas",
    }),
    schemaName: text(CONNECTOR_LIMITS.schemaTopic).regex(TOPIC_PATTERN, {
      message: "must hold only letters, digits, dot, dash or underscore",
    }),
    tablesToWhiteList: tableList.min(1, { message: "must hold at least one table" }),
    tablesToInclude: tableList.default([]),
    snapshotMode: z.enum(SNAPSHOT_MODES, { message: `must be one of ${SNAPSHOT_MODES.join(", ")}` }).optional(),
    /** Seconds; sent to Debezium as milliseconds. */
    pollInterval: digits(CONNECTOR_LIMITS.pollIntervalDigits).optional(),
    maxQueueSize: digits(CONNECTOR_LIMITS.maxQueueSizeDigits).optional(),
    maxBatchSize: digits(CONNECTOR_LIMITS.maxBatchSizeDigits).optional(),
    decimalHandlingMode: z
      .enum(DECIMAL_HANDLING_MODES, { message: `must be one of ${DECIMAL_HANDLING_MODES.join(", ")}` })
      .optional(),
  })
  .superRefine((form, ctx) => {
    const whitelist = new Set(form.tablesToWhiteList);
    const outside = form.tablesToInclude.filter((t) => !whitelist.has(t));
    if (outside.length > 0)
      ctx.addIssue({
        code: "custom",
        path: ["tablesToInclude"],
        message: `must be whitelisted tables; not whitelisted: ${outside.slice(0, 3).join(", ")}`,
      });
  })
  .meta({ id: "ConnectorForm" });
export type ConnectorForm = z.input<typeof ConnectorForm>;
export type ConnectorFormField = keyof z.output<typeof ConnectorForm>;

/**
 * A registration payload as Kafka Connect takes it (spec section 3), with Debezium 1.x keys
 * (`database.server.name`, `table.whitelist`, `database.history.*`) or 2.x ones; the server reads
 * it with the wizard's rules and sends the worker the keys of its Debezium version.
 */
export const ConnectorRegistration = z
  .object({
    name: z.string().trim().min(1, { message: "is required" }),
    config: z.record(z.string().min(1).max(255), z.string().max(10_000)).refine((c) => Object.keys(c).length <= 200, {
      message: "must hold 200 keys or fewer",
    }),
  })
  .meta({ id: "ConnectorRegistration" });
export type ConnectorRegistration = z.output<typeof ConnectorRegistration>;

export const ConnectorTask = z.object({
  id: z.number().int(),
  /** RUNNING, PAUSED, FAILED, UNASSIGNED, RESTARTING, ... as the worker reports it. */
  state: z.string(),
  workerId: z.string().nullable(),
  trace: z.string().nullable(),
});
export type ConnectorTask = z.infer<typeof ConnectorTask>;

export const ConnectorSummary = z
  .object({
    name: z.string(),
    className: z.string().nullable(),
    /** The last segment of the connector class. */
    type: z.string().nullable(),
    /** What the list shows: the connector's state, or FAILED when any of its tasks failed. */
    state: z.string(),
    /** The connector instance's own state, as the worker reports it. */
    connectorState: z.string(),
    workerId: z.string().nullable(),
    /** The connector instance's own failure, when it failed (tasks carry theirs). */
    trace: z.string().nullable(),
    tasks: z.array(ConnectorTask),
  })
  .meta({ id: "ConnectorSummary" });
export type ConnectorSummary = z.infer<typeof ConnectorSummary>;

export const ConnectorQuery = z.object({
  page: z.coerce.number().int().min(0).max(100_000).default(0),
  size: z.coerce.number().int().min(1).max(200).default(CONNECTORS_PAGE_SIZE),
  /** Part of the name, any case. */
  name: z.string().trim().max(255).optional(),
  type: z.string().trim().max(255).optional(),
  status: z.string().trim().max(64).optional(),
});
export type ConnectorQuery = z.input<typeof ConnectorQuery>;

export const ConnectorPage = z
  .object({
    items: z.array(ConnectorSummary),
    total: z.number().int().nonnegative(),
    /** Every type and status present on the worker, for the filter's choices. */
    types: z.array(z.string()),
    states: z.array(z.string()),
  })
  .meta({ id: "ConnectorPage" });
export type ConnectorPage = z.infer<typeof ConnectorPage>;

export const ConnectorConfigEntry = z.object({
  key: z.string(),
  /** Null for a secret: it is only given by the reveal call. */
  value: z.string().nullable(),
  secret: z.boolean(),
});
export type ConnectorConfigEntry = z.infer<typeof ConnectorConfigEntry>;

export const ConnectorDetails = ConnectorSummary.extend({ config: z.array(ConnectorConfigEntry) }).meta({
  id: "ConnectorDetails",
});
export type ConnectorDetails = z.infer<typeof ConnectorDetails>;

/**
 * A connector name in a path, by Kafka Connect's own rules (not empty, no "/", no control
 * characters) plus "." and "..", which a URL resolves to another path of the worker.
 * Looser than the wizard's names: connectors made elsewhere stay reachable.
 */
export const ConnectorNameParam = z
  .string()
  .min(1, { message: "is required" })
  .max(255, { message: "must be 255 characters or fewer" })
  .refine((v) => v !== "." && v !== "..", { message: "must not be . or .." })
  .refine((v) => !v.includes("/"), { message: "must not contain /" })
  // eslint-disable-next-line no-control-regex
  .refine((v) => !/[\u0000-\u001f\u007f-\u009f]/.test(v), { message: "must not contain control characters" });

export const ConnectorName = z.object({ name: ConnectorNameParam });
export const ConnectorStatusParams = z.object({
  name: ConnectorNameParam,
  status: z.enum(["pause", "resume"], { message: "must be pause or resume" }),
});

export const ConnectorStateChange = z
  .object({
    name: z.string(),
    state: z.string(),
    /** False when the worker had not reached the requested state when the console stopped waiting. */
    settled: z.boolean(),
  })
  .meta({ id: "ConnectorStateChange" });
export type ConnectorStateChange = z.infer<typeof ConnectorStateChange>;

export const ConnectorValidation = z
  .object({ valid: z.literal(true), debeziumVersion: z.string().nullable() })
  .meta({ id: "ConnectorValidation" });

export const SecretRequest = z.object({ key: z.string().min(1).max(255) });
export const SecretValue = z.object({ key: z.string(), value: z.string() }).meta({ id: "ConnectorSecret" });

export const ConnectorPlugins = z
  .object({
    classes: z.array(
      z.object({
        className: z.string(),
        label: z.string(),
        selectable: z.boolean(),
        /** Whether the worker has this plugin, and the version it reports. */
        installed: z.boolean(),
        version: z.string().nullable(),
      }),
    ),
  })
  .meta({ id: "ConnectorPlugins" });
export type ConnectorPlugins = z.infer<typeof ConnectorPlugins>;

/** The two places the screens live, and the component they manage (spec: only with debezium). */
const access = { menu: ["home", "components"], component: CONNECTOR_COMPONENT } as const;
const tags = ["connectors"];
const base = "/admin-api/api/v1/connectors";

export const connectorRoutes = {
  list: route({
    method: "GET",
    path: base,
    access,
    summary: "Connectors on Kafka Connect with their status, filtered and paged",
    tags,
    query: ConnectorQuery,
    response: ConnectorPage,
  }),
  details: route({
    method: "GET",
    path: `${base}/:name`,
    access,
    summary: "One connector with its configuration (secrets masked)",
    tags,
    params: ConnectorName,
    response: ConnectorDetails,
  }),
  create: route({
    method: "POST",
    path: base,
    access,
    summary: "Registers a connector built from the wizard's form",
    tags,
    body: ConnectorForm,
    response: z.object({ name: z.string() }),
    status: 201,
  }),
  register: route({
    method: "POST",
    path: `${base}/registrations`,
    access,
    summary: "Registers a connector from a Kafka Connect payload; Debezium 1.x keys are translated for 2.x workers",
    tags,
    body: ConnectorRegistration,
    response: z.object({ name: z.string(), config: z.array(ConnectorConfigEntry) }),
    status: 201,
  }),
  validate: route({
    method: "POST",
    path: `${base}/:name/validate`,
    access,
    summary: "Asks Kafka Connect to validate the configuration; errors come back per form field",
    tags,
    params: ConnectorName,
    body: ConnectorForm,
    response: ConnectorValidation,
  }),
  setStatus: route({
    method: "PUT",
    path: `${base}/:name/:status`,
    access,
    summary: "Pauses or resumes a connector and waits briefly for the new state",
    tags,
    params: ConnectorStatusParams,
    response: ConnectorStateChange,
    status: 202,
  }),
  restart: route({
    method: "POST",
    path: `${base}/:name/restart`,
    access,
    summary: "Restarts the connector's failed instances and tasks",
    tags,
    params: ConnectorName,
    response: ConnectorStateChange,
    status: 202,
  }),
  remove: route({
    method: "DELETE",
    path: `${base}/:name`,
    access,
    summary: "Deletes a connector",
    tags,
    params: ConnectorName,
    response: z.null(),
    status: 204,
  }),
  revealSecret: route({
    method: "POST",
    path: `${base}/:name/secret`,
    access,
    summary: "Reveals one secret configuration value (audited)",
    tags,
    params: ConnectorName,
    body: SecretRequest,
    response: SecretValue,
  }),
  plugins: route({
    method: "GET",
    path: "/admin-api/api/v1/connector-plugins",
    access,
    summary: "The connector classes the wizard offers, with the plugin versions Kafka Connect reports",
    tags,
    response: ConnectorPlugins,
  }),
};
