import { isIP } from "node:net";
import path from "node:path";
import { z } from "zod";
import { LOG_FOLLOWS_PER_USER, MENU_KEYS } from "@console/contracts";
import { isEd25519PublicKey } from "./modules/licences/format.js";

const bool = z
  .enum(["true", "false", "1", "0", "yes", "no"], { message: "must be true or false" })
  .transform((v) => v === "true" || v === "1" || v === "yes");

const hostName = z
  .string()
  .regex(/^(?=.{1,253}$)[A-Za-z0-9]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?(\.[A-Za-z0-9]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*$/, {
    message: "must be a host name",
  });
const url = z.url({ message: "must be an absolute http(s) URL" }).refine((u) => /^https?:\/\//.test(u), {
  message: "must be an absolute http(s) URL",
});

/** proxy-addr's names for address ranges, which Fastify's trustProxy also takes. */
const NAMED_RANGES = new Set(["loopback", "linklocal", "uniquelocal"]);

function isAddressOrRange(entry: string): boolean {
  if (NAMED_RANGES.has(entry)) return true;
  const [address = "", prefix, ...rest] = entry.split("/");
  const family = isIP(address);
  if (!family || rest.length > 0) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128);
}

/**
 * Which proxies' X-Forwarded-For the console believes: none (false), the last n hops, or the
 * proxies at these addresses and ranges. `true` (believe every entry) is refused: the left-most
 * entries are whatever the client sent, so a client would choose the address it is counted under.
 */
const trustProxy = z.string().transform((raw, ctx): false | number | string[] => {
  const v = raw.trim().toLowerCase();
  if (["false", "no", "0"].includes(v)) return false;
  if (["true", "yes"].includes(v)) {
    ctx.addIssue({
      code: "custom",
      message:
        "cannot be true: it would believe every X-Forwarded-For entry, and a client writes the first ones itself, so it could choose the address its sign-ins are counted under. Set the number of proxies in front of the console (1 for one ingress controller or load balancer) or their addresses and CIDR ranges (e.g. 10.0.0.0/8)",
    });
    return z.NEVER;
  }
  if (/^\d+$/.test(v)) {
    const hops = Number(v);
    if (hops <= 10) return hops;
    ctx.addIssue({ code: "custom", message: "must be a number of proxies between 0 and 10" });
    return z.NEVER;
  }
  const entries = raw
    .split(",")
    .map((x) => x.trim())
    .filter(Boolean);
  const bad = entries.find((e) => !isAddressOrRange(e));
  if (entries.length === 0 || bad !== undefined) {
    ctx.addIssue({
      code: "custom",
      message: `must be false, a number of proxies, or a comma list of the proxies' addresses and CIDR ranges${bad === undefined ? "" : ` (${bad} is neither)`}`,
    });
    return z.NEVER;
  }
  return entries;
});

/**
 * TRUST_PROXY as Fastify's trustProxy. Fastify no longer counts hops itself (a number trusts
 * nothing): n hops believes the n addresses nearest the console, whoever connected.
 */
export function trustProxyOption(
  value: false | number | string[],
): boolean | string[] | ((a: string, hop: number) => boolean) {
  if (typeof value === "number") return value === 0 ? false : (_address, hop) => hop < value;
  return value;
}

const menuList = z
  .string()
  .transform((s) =>
    s
      .split(",")
      .map((x) => x.trim())
      .filter(Boolean),
  )
  .pipe(z.array(z.enum(MENU_KEYS, { message: `must list menu keys among ${MENU_KEYS.join(", ")}` })));

const port = z.coerce
  .number({ message: "must be a port number" })
  .int({ message: "must be a whole number" })
  .min(1, { message: "must be between 1 and 65535" })
  .max(65535, { message: "must be between 1 and 65535" });

/**
 * Every environment variable the console reads. docs/configuration.md documents
 * each one; keep the two in step.
 */
const EnvSchema = z.object({
  PORT: port.default(8080),
  HOST: z.string().min(1).default("127.0.0.1"),
  DATA_DIR: z.string().min(1).default("./data"),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, { message: "must be a postgres:// connection URL" })
    .optional(),
  DATABASE_POOL_MAX: z.coerce.number().int().min(1).max(200).default(10),
  PUBLIC_URL: url.optional(),
  // Which proxies' X-Forwarded-For to believe; see docs/production.md ("Behind a TLS proxy").
  TRUST_PROXY: trustProxy.default(false),
  ADMIN_USERNAME: z
    .string()
    .regex(/^[a-z0-9][a-z0-9._-]{1,62}$/, {
      message: "must be 2-63 lower-case letters, digits, dot, dash or underscore",
    })
    .default("admin"),
  ADMIN_PASSWORD: z.string().min(12, { message: "must be at least 12 characters" }).optional(),
  OIDC_ISSUER: url.optional(),
  OIDC_CLIENT_ID: z.string().min(1).default("platform-console"),
  OIDC_AUDIENCE: z.string().min(1).optional(),
  OIDC_SCOPE: z.string().min(1).default("openid profile email"),
  OIDC_USERNAME_CLAIM: z.string().min(1).default("preferred_username"),
  OIDC_GROUPS_CLAIM: z.string().min(1).default("groups"),
  RESTRICTED_MENUS: menuList.default([]),
  DEFAULT_LANDING: z.enum(MENU_KEYS, { message: `must be one of ${MENU_KEYS.join(", ")}` }).optional(),
  LICENSING_ENABLED: bool.default(false),
  DOCS_URL: url.optional(),
  DISCOVERY_HUB_URL: url.optional(),
  PLATFORM_COMPONENTS_FILE: z.string().min(1).optional(),
  HIDDEN_QUICK_LAUNCH: z
    .string()
    .transform((s) =>
      s
        .split(",")
        .map((x) => x.trim())
        .filter(Boolean),
    )
    .default(["admin-ui"]),
  FEATURE_METRICS: bool.default(true),
  FEATURE_RENDER_WORKLOADS: bool.default(true),
  FEATURE_CLOUD_DEPLOYMENT: bool.default(false),
  FEATURE_OVERVIEW_CHARTS: bool.default(true),
  SANDBOX: z.enum(["auto", "off"], { message: "must be auto or off" }).default("auto"),
  SANDBOX_NODES: z.coerce.number().int().min(1).max(5000).default(6),
  SANDBOX_PODS: z.coerce.number().int().min(1).max(100_000).default(120),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  LOGIN_MAX_FAILURES: z.coerce.number().int().min(1).max(100).default(5),
  LOGIN_LOCK_MINUTES: z.coerce.number().int().min(1).max(1440).default(5),
  LOGIN_MAX_IP_FAILURES: z.coerce.number().int().min(1).max(10_000).default(30),
  // How long a replica may rely on what it read of a user's sessions; see docs/production.md.
  SESSION_CHECK_SECONDS: z.coerce
    .number({ message: "must be a whole number of seconds" })
    .int({ message: "must be a whole number of seconds" })
    .min(0, { message: "must be between 0 and 5" })
    .max(5, { message: "must be between 0 and 5" })
    .default(5),
  // Users, groups and directory sync (LDAP or Active Directory); see docs/ldap.md.
  LDAP_URL: z
    .string()
    .regex(/^ldaps?:\/\/[^/\s]+\/?$/, { message: "must be an ldap:// or ldaps:// URL with host and port only" })
    .optional(),
  LDAP_BIND_DN: z.string().min(1).optional(),
  LDAP_BIND_PASSWORD: z.string().min(1).optional(),
  LDAP_USER_BASE: z.string().min(1).optional(),
  LDAP_USER_FILTER: z
    .string()
    .regex(/^\(.*\)$/s, { message: "must be an LDAP filter in parentheses" })
    .optional(),
  LDAP_GROUP_BASE: z.string().min(1).optional(),
  LDAP_GROUP_FILTER: z
    .string()
    .regex(/^\(.*\)$/s, { message: "must be an LDAP filter in parentheses" })
    .optional(),
  LDAP_USERNAME_ATTRIBUTE: z.string().min(1).default("uid"),
  LDAP_FIRST_NAME_ATTRIBUTE: z.string().min(1).default("givenName"),
  LDAP_LAST_NAME_ATTRIBUTE: z.string().min(1).default("sn"),
  LDAP_EMAIL_ATTRIBUTE: z.string().min(1).default("mail"),
  LDAP_GROUP_NAME_ATTRIBUTE: z.string().min(1).default("cn"),
  LDAP_GROUP_MEMBER_ATTRIBUTE: z.string().min(1).default("member"),
  LDAP_STARTTLS: bool.default(false),
  LDAP_TLS_CA_FILE: z.string().min(1).optional(),
  LDAP_TLS_REJECT_UNAUTHORIZED: bool.default(true),
  LDAP_TIMEOUT_MS: z.coerce.number().int().min(500).max(300_000).default(10_000),
  LDAP_PAGE_SIZE: z.coerce.number().int().min(10).max(5000).default(500),
  TRINO_GROUP_FILE: z.string().min(1).optional(),
  SYNC_PERIODIC: bool.default(false),
  SYNC_PERIOD_MINUTES: z.coerce
    .number({ message: "must be a whole number of minutes" })
    .int({ message: "must be a whole number of minutes" })
    .gt(60, { message: "must be more than 60 and at most 525600" })
    .max(525_600, { message: "must be more than 60 and at most 525600" })
    .default(1440),
  // Change-data-capture connectors: the Kafka Connect worker (unset: the sandbox's worker).
  CONNECT_URL: url.optional(),
  CONNECT_USERNAME: z.string().min(1).optional(),
  CONNECT_PASSWORD: z.string().min(1).optional(),
  CONNECT_CA_FILE: z.string().min(1).optional(),
  CONNECT_TIMEOUT_MS: z.coerce.number().int().min(500).max(300_000).default(10_000),
  CONNECT_VALIDATE_TIMEOUT_MS: z.coerce.number().int().min(1000).max(600_000).default(60_000),
  // Audit sources; see docs/audit-sources.md.
  TRINO_INGEST_TOKEN: z.string().min(16, { message: "must be at least 16 characters" }).optional(),
  TRINO_INGEST_HEADER: z
    .string()
    .regex(/^[A-Za-z0-9-]{1,64}$/, { message: "must be an HTTP header name" })
    .default("X-Trino-Ingest-Token"),
  MINIO_AUDIT_TOKEN: z.string().min(16, { message: "must be at least 16 characters" }).optional(),
  AIRFLOW_URL: url.optional(),
  AIRFLOW_API_VERSION: z.enum(["v1", "v2"], { message: "must be v1 or v2" }).default("v1"),
  AIRFLOW_USERNAME: z.string().min(1).optional(),
  AIRFLOW_PASSWORD: z.string().min(1).optional(),
  AIRFLOW_POLL_SECONDS: z.coerce.number().int().min(5).max(86_400).default(60),
  KEYCLOAK_EVENTS_CLIENT_ID: z.string().min(1).optional(),
  KEYCLOAK_EVENTS_CLIENT_SECRET: z.string().min(1).optional(),
  KEYCLOAK_EVENTS_POLL_SECONDS: z.coerce.number().int().min(5).max(86_400).default(60),
  AUDIT_RETENTION_DAYS: z.coerce
    .number({ message: "must be a whole number of days" })
    .int({ message: "must be a whole number of days" })
    .min(1, { message: "must be at least 1" })
    .max(36_500, { message: "must be at most 36500" })
    .optional(),
  AUDIT_TIMEOUT_MS: z.coerce.number().int().min(500).max(300_000).default(10_000),
  // The largest answer read from another system (Kafka Connect, Trino, Airflow, ...); see docs/production.md.
  EXTERNAL_ANSWER_MAX_MB: z.coerce.number().int().min(1).max(1024).default(32),
  // Client configuration guides: where client tools reach Trino and Arrow Flight SQL.
  CLIENT_CONFIG_MODE: z.string().optional(),
  CLIENT_TRINO_HOST: hostName.default("trino.trino.svc.cluster.local"),
  CLIENT_TRINO_PORT: port.default(8443),
  CLIENT_TRINO_EXTERNAL_HOST: hostName.optional(),
  CLIENT_TRINO_EXTERNAL_PORT: port.default(443),
  CLIENT_TRINO_CATALOG: z
    .string()
    .regex(/^[A-Za-z_][A-Za-z0-9_]{0,127}$/, { message: "must be a catalog name" })
    .default("hive"),
  // The Kubernetes cluster (unset: the sandbox platform's API); see docs/cluster.md.
  KUBECONFIG: z.string().min(1).optional(),
  KUBERNETES_CONTEXT: z.string().min(1).optional(),
  KUBERNETES_IN_CLUSTER: bool.default(false),
  KUBERNETES_TIMEOUT_MS: z.coerce.number().int().min(500).max(300_000).default(10_000),
  KUBERNETES_STATUS_CACHE_MS: z.coerce.number().int().min(0).max(300_000).default(5_000),
  // Logs one user may follow at once, per replica; see docs/cluster.md.
  LOG_FOLLOWS_PER_USER: z.coerce.number().int().min(1).max(100).default(LOG_FOLLOWS_PER_USER),
  KUBERNETES_LIST_SECONDS: z.coerce.number().int().min(1).max(3600).default(30),
  // How often the console samples the metrics API for the usage charts; see docs/cluster.md.
  USAGE_SAMPLE_SECONDS: z.coerce.number().int().min(1).max(300).default(15),
  // Licences: the vendor's Ed25519 public key that signs licence files; see docs/licences.md.
  LICENSE_PUBLIC_KEY: z
    .string()
    .refine(isEd25519PublicKey, { message: "must be an Ed25519 public key (PEM or one line of base64 SPKI)" })
    .optional(),
  // Secrets: the namespace whose Secrets the settings screen manages; see docs/settings.md.
  PLATFORM_NAMESPACE: z
    .string()
    .regex(/^[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?$/, { message: "must be a Kubernetes namespace name" })
    .default("platform"),
  // Data-access policies: Trino's metadata (unset: the sandbox's), the data catalogue's tags, the rules URL.
  TRINO_URL: url.optional(),
  TRINO_USER: z.string().min(1).default("platform-console"),
  TRINO_PASSWORD: z.string().min(1).optional(),
  TRINO_TIMEOUT_MS: z.coerce.number().int().min(500).max(300_000).default(15_000),
  TRINO_METADATA_TTL_SECONDS: z.coerce.number().int().min(0).max(86_400).default(300),
  TRINO_RULES_TOKEN: z.string().min(16, { message: "must be at least 16 characters" }).optional(),
  TRINO_RULES_ANONYMOUS: bool.default(false),
  NOTEBOOK_URL: url.optional(),
  NOTEBOOK_ACCESS_TOKEN: z.string().min(1).optional(),
  NOTEBOOK_TIMEOUT_MS: z.coerce.number().int().min(500).max(300_000).default(10_000),
  DATA_PRODUCT_CATALOG: z.string().min(1).default("dataproducts"),
  // Insights data summary: Trino statistics read at each refresh, a few tables at a time, within a time limit.
  INSIGHTS_STATS_CONCURRENCY: z.coerce.number().int().min(1).max(32).default(4),
  INSIGHTS_STATS_TIMEOUT_SECONDS: z.coerce.number().int().min(5).max(3_600).default(120),
  // Prometheus metrics at /metrics; see docs/production.md.
  METRICS_TOKEN: z.string().min(16, { message: "must be at least 16 characters" }).optional(),
  METRICS_PORT: port.optional(),
});

export type Env = z.infer<typeof EnvSchema>;

export interface Config extends Env {
  publicUrl: string;
  dataDir: string;
  componentsFile: string;
  embeddedIdp: boolean;
  issuer: string;
  audience: string;
}

export class ConfigError extends Error {}

/** Turns the environment into a typed config; a bad value names the variable in one line. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const relevant: Record<string, string> = {};
  for (const key of Object.keys(EnvSchema.shape)) {
    const value = env[key];
    if (value !== undefined && value !== "") relevant[key] = value;
  }
  const parsed = EnvSchema.safeParse(relevant);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const name = String(issue.path[0] ?? "environment");
    throw new ConfigError(`Invalid configuration: ${name} ${issue.message}`);
  }
  const e = parsed.data;
  if (e.LICENSING_ENABLED && !e.LICENSE_PUBLIC_KEY)
    throw new ConfigError("Invalid configuration: LICENSE_PUBLIC_KEY is required when LICENSING_ENABLED is true");
  if (e.TRINO_RULES_ANONYMOUS && e.TRINO_RULES_TOKEN)
    throw new ConfigError("Invalid configuration: TRINO_RULES_ANONYMOUS cannot be true while TRINO_RULES_TOKEN is set");
  if (e.METRICS_PORT !== undefined && e.METRICS_PORT === e.PORT)
    throw new ConfigError("Invalid configuration: METRICS_PORT must differ from PORT");
  const displayHost = e.HOST === "0.0.0.0" || e.HOST === "::" ? "127.0.0.1" : e.HOST;
  const publicUrl = (
    e.PUBLIC_URL ?? `http://${displayHost.includes(":") ? `[${displayHost}]` : displayHost}:${e.PORT}`
  ).replace(/\/+$/, "");
  const embeddedIdp = !e.OIDC_ISSUER;
  const issuer = (e.OIDC_ISSUER ?? `${publicUrl}/oidc`).replace(/\/+$/, "");
  return {
    ...e,
    publicUrl,
    dataDir: path.resolve(e.DATA_DIR),
    componentsFile: path.resolve(
      e.PLATFORM_COMPONENTS_FILE ?? new URL("../config/platform-components.yaml", import.meta.url).pathname,
    ),
    embeddedIdp,
    issuer,
    // The embedded provider issues tokens for the console's API resource; an external
    // issuer (Keycloak) is expected to put the client id in `aud` (an audience mapper).
    audience: e.OIDC_AUDIENCE ?? (embeddedIdp ? `${publicUrl}/admin-api` : e.OIDC_CLIENT_ID),
  };
}
