/** Realistic Trino query events and MinIO audit entries, computed from a time and an index. */

const USERS = [
  "alice",
  "bob",
  "carol",
  "dave",
  "erin",
  "svc-airflow",
  "frank",
  "grace",
  "heidi",
  "ivan",
  "judy",
  "mallory",
];

type Read = [catalog: string, schema: string, table: string, columns: string[]];
/**
 * Queries over the sandbox catalogue's tables: single and multi-table reads (each input with the
 * columns read, as Trino records them), and failures, access denials among them, in the forms of
 * Trino's AccessDeniedException (a denied query records no inputs).
 */
const QUERIES: Array<{ sql: string; reads: Read[]; fails?: string }> = [
  {
    sql: "SELECT id, customer_id, total_amount\nFROM hive.sales.orders\nWHERE order_date >= DATE '2026-01-01'\nLIMIT 100",
    reads: [["hive", "sales", "orders", ["id", "customer_id", "total_amount", "order_date"]]],
  },
  {
    sql: "SELECT country, count(*) AS customers\n  FROM hive.sales.customers\n GROUP BY country\n ORDER BY 2 DESC",
    reads: [["hive", "sales", "customers", ["country"]]],
  },
  {
    sql: "SELECT c.country, sum(o.total_amount) AS revenue\nFROM hive.sales.orders o\nJOIN hive.sales.customers c ON c.id = o.customer_id\nGROUP BY c.country",
    reads: [
      ["hive", "sales", "orders", ["customer_id", "total_amount"]],
      ["hive", "sales", "customers", ["id", "country"]],
    ],
  },
  {
    sql: "SELECT o.region, sum(l.quantity * l.unit_price) AS sales\nFROM hive.sales.order_lines l\nJOIN hive.sales.orders o ON o.id = l.order_id\nGROUP BY o.region",
    reads: [
      ["hive", "sales", "order_lines", ["order_id", "quantity", "unit_price"]],
      ["hive", "sales", "orders", ["id", "region"]],
    ],
  },
  {
    sql: "SELECT p.method, count(*)\nFROM hive.sales.payments p\nJOIN hive.sales.orders o ON o.id = p.order_id\nWHERE o.status = 'paid'\nGROUP BY p.method",
    reads: [
      ["hive", "sales", "payments", ["order_id", "method"]],
      ["hive", "sales", "orders", ["id", "status"]],
    ],
  },
  {
    sql: "SELECT i.*, l.account FROM iceberg.finance.invoices i JOIN iceberg.finance.ledger l ON l.invoice_id = i.id",
    reads: [
      ["iceberg", "finance", "invoices", ["id", "amount", "issued_on"]],
      ["iceberg", "finance", "ledger", ["invoice_id", "account"]],
    ],
  },
  {
    sql: "SELECT day, revenue FROM iceberg.analytics.daily_revenue ORDER BY day DESC LIMIT 30",
    reads: [["iceberg", "analytics", "daily_revenue", ["day", "revenue"]]],
  },
  {
    sql: "SELECT department, avg(grade) FROM hive.hr.employees GROUP BY department",
    reads: [["hive", "hr", "employees", ["department", "grade"]]],
  },
  {
    sql: "SELECT * FROM hive.marketing.leads WHERE created_at > now() - INTERVAL '7' DAY",
    reads: [["hive", "marketing", "leads", ["id", "email", "source", "created_at"]]],
  },
  {
    sql: "SELECT acount FROM iceberg.finance.ledger",
    reads: [],
    fails: "COLUMN_NOT_FOUND|USER_ERROR|line 1:8: Column 'acount' cannot be resolved",
  },
  {
    sql: "SELECT full_name, salary, national_id FROM hive.hr.employees WHERE department = 'Sales'",
    reads: [],
    fails:
      "PERMISSION_DENIED|USER_ERROR|Access Denied: Cannot select from columns [full_name, salary, national_id] in table or view hive.hr.employees",
  },
  {
    sql: "SELECT employee_id, gross, net FROM hive.hr.payroll WHERE month = DATE '2026-01-01'",
    reads: [],
    fails:
      "PERMISSION_DENIED|USER_ERROR|Access Denied: Cannot select from columns [employee_id, gross, net] in table or view hive.hr.payroll",
  },
  {
    sql: "SELECT * FROM iceberg.finance.tax_filings",
    reads: [],
    fails: "PERMISSION_DENIED|USER_ERROR|Access Denied: Cannot select from table iceberg.finance.tax_filings",
  },
  {
    sql: "SELECT a.*, c.email FROM postgresql.public.accounts a JOIN postgresql.crm.contacts c ON c.account_id = a.id",
    reads: [],
    fails: "PERMISSION_DENIED|USER_ERROR|Access Denied: Cannot access catalog postgresql",
  },
  {
    sql: "SHOW TABLES FROM hive.hr",
    reads: [],
    fails: "PERMISSION_DENIED|USER_ERROR|Access Denied: Cannot show tables of schema hive.hr",
  },
];
const BUCKETS = ["sales-raw", "finance-reports", "ml-features", "warehouse"];
const APIS = [
  { name: "PutObject", status: "OK", code: 200 },
  { name: "GetObject", status: "OK", code: 200 },
  { name: "ListObjectsV2", status: "OK", code: 200 },
  { name: "HeadObject", status: "OK", code: 200 },
  { name: "DeleteObject", status: "No Content", code: 204 },
  { name: "GetObject", status: "Not Found", code: 404 },
  { name: "PutObject", status: "Access Denied", code: 403 },
];

function pick<T>(list: T[], n: number): T {
  return list[Math.abs(n) % list.length]!;
}
function mix(n: number): number {
  let x = (n ^ 0x9e3779b9) >>> 0;
  x = Math.imul(x ^ (x >>> 16), 0x85ebca6b) >>> 0;
  x = Math.imul(x ^ (x >>> 13), 0xc2b2ae35) >>> 0;
  return (x ^ (x >>> 16)) >>> 0;
}
/**
 * How many of the users query on a day: the team grows over the sandbox's history (5 users
 * 90 days ago, all of them now) and fewer work at weekends, so the active-user charts have a shape.
 */
function activeUsers(at: Date): number {
  const daysAgo = Math.max(0, Math.floor((Date.now() - at.getTime()) / 86_400_000));
  const grown = Math.max(5, USERS.length - Math.floor(daysAgo / 12));
  const weekend = at.getUTCDay() === 0 || at.getUTCDay() === 6;
  return weekend ? Math.max(3, grown - 3 - (mix(Math.floor(at.getTime() / 86_400_000)) % 2)) : grown;
}
const pad = (n: number, w: number) => String(n).padStart(w, "0");

export function trinoQueryId(at: Date, n: number): string {
  const d = at.toISOString();
  return `${d.slice(0, 10).replaceAll("-", "")}_${d.slice(11, 19).replaceAll(":", "")}_${pad(n % 100000, 5)}_sandb`;
}

/** A query-completed event as Trino's HTTP event listener posts it. */
export function trinoCompletedEvent(at: Date, n: number) {
  const h = mix(n);
  const q = pick(QUERIES, h);
  const user = pick(USERS.slice(0, activeUsers(at)), h >>> 5);
  const [first] = q.reads;
  const wall = q.fails ? 0.05 + (h % 200) / 1000 : 0.2 + (h % 45_000) / 1000;
  const source = pick(["trino-cli", "trino-jdbc", "superset", "airflow"], h >>> 7);
  const [errName, errType, errMessage] = (q.fails ?? "").split("|");
  const queryId = trinoQueryId(at, n);
  return {
    metadata: {
      queryId,
      transactionId: `00000000-0000-4000-8000-${pad(h % 1e12, 12)}`,
      query: q.sql,
      queryState: q.fails ? "FAILED" : "FINISHED",
      tables: [],
      routines: [],
      uri: `http://trino.sandbox:8080/v1/query/${queryId}`,
    },
    statistics: {
      cpuTime: Math.round(wall * 600) / 1000,
      failedCpuTime: 0,
      wallTime: wall,
      queuedTime: (h % 50) / 1000,
      scheduledTime: wall * 0.8,
      peakUserMemoryBytes: (h % 64) * 1048576,
      totalRows: h % 100000,
      outputRows: h % 1000,
      completedSplits: 1 + (h % 40),
      complete: true,
      cpuTimeDistribution: [],
      operatorSummaries: [],
    },
    context: {
      user,
      originalUser: user,
      // Superset and Airflow sign in as themselves and run the query as the user (impersonation).
      principal: ["superset", "airflow"].includes(source) ? source : user,
      enabledRoles: [],
      groups: [],
      remoteClientAddress: `10.20.${(h >>> 8) % 8}.${10 + (h % 40)}`,
      userAgent: pick(["StatementClientV1/435", "Trino JDBC Driver/435", "python-requests/2.31"], h >>> 3),
      clientTags: [],
      clientCapabilities: [],
      source,
      timezone: "UTC",
      catalog: first?.[0] ?? "hive",
      schema: first?.[1] ?? "sales",
      resourceGroupId: ["global"],
      sessionProperties: {},
      resourceEstimates: {},
      serverAddress: "10.20.0.2",
      serverVersion: "435",
      environment: "sandbox",
      queryType: "SELECT",
      retryPolicy: "NONE",
    },
    ioMetadata: {
      inputs: q.reads.map(([catalogName, schema, table, columns], i) => ({
        catalogName,
        schema,
        table,
        columns: columns.map((column) => ({ column, type: "varchar" })),
        physicalInputRows: (h >>> i) % 100000,
      })),
    },
    ...(q.fails
      ? {
          failureInfo: {
            errorCode: { code: 1 + (h % 90), name: errName, type: errType },
            failureType: "io.trino.spi.TrinoException",
            failureMessage: errMessage,
          },
        }
      : {}),
    warnings: [],
    createTime: new Date(at.getTime() - Math.round(wall * 1000)).toISOString(),
    executionStartTime: new Date(at.getTime() - Math.round(wall * 1000) + 5).toISOString(),
    endTime: at.toISOString(),
  };
}

/** The matching query-created event, which the console ignores. */
export function trinoCreatedEvent(at: Date, n: number) {
  const e = trinoCompletedEvent(at, n);
  return { createTime: e.createTime, context: e.context, metadata: { ...e.metadata, queryState: "QUEUED" } };
}

/** An audit entry as MinIO's audit webhook posts it. */
export function minioAuditEntry(at: Date, n: number) {
  const h = mix(n + 7919);
  const api = pick(APIS, h);
  const bucket = pick(BUCKETS, h >>> 4);
  const user = pick(USERS, h >>> 9);
  const ns = 800_000 + (h % 2_500_000_000);
  const requestID = `1${pad(h % 1e15, 15)}${pad(n % 1000, 3)}`.slice(0, 16).toUpperCase();
  return {
    version: "1",
    deploymentid: "3b1c7e52-sandbox-minio",
    time: at.toISOString(),
    event: "",
    trigger: "incoming",
    api: {
      name: api.name,
      bucket,
      object: `${at.toISOString().slice(0, 10)}/part-${pad(n % 1000, 5)}.parquet`,
      status: api.status,
      statusCode: api.code,
      rx: h % 100000,
      tx: api.name === "GetObject" ? h % 5_000_000 : 0,
      timeToResponse: `${ns}ns`,
      timeToResponseInNS: String(ns),
    },
    remotehost: `10.30.${(h >>> 6) % 4}.${20 + (h % 30)}`,
    requestID,
    userAgent: "MinIO (linux; amd64) minio-go/v7.0.63",
    requestHeader: {
      Authorization: `AWS4-HMAC-SHA256 Credential=${user}/20260101/us-east-1/s3/aws4_request, Signature=${pad(h, 12)}`,
      "User-Agent": "MinIO (linux; amd64) minio-go/v7.0.63",
      "X-Amz-Content-Sha256": "UNSIGNED-PAYLOAD",
    },
    responseHeader: { "X-Amz-Request-Id": requestID, "Content-Length": "0" },
    accessKey: user,
    parentUser: "",
    ...(api.code >= 400 ? { error: api.status } : {}),
  };
}
