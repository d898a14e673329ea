import { timingSafeEqual } from "node:crypto";
import Fastify, { type FastifyInstance, type FastifyReply } from "fastify";
import { exampleConnectors } from "./examples.js";
import { ConnectorStore, type SimConnector } from "./store.js";
import { SQLSERVER_CLASS, validateConfig } from "./validate.js";

export interface ConnectWorkerOptions {
  /** Folder for state kept across restarts; null keeps it in memory. */
  dataDir: string | null;
  port?: number;
  /** The Debezium SQL Server plugin version the worker reports (1.x and 2.x use different keys). */
  debeziumVersion?: string;
  /** How long pause, resume, create and restart take to land. */
  transitionMs?: number;
  /** Chance per tick that a task running longer than the grace period fails with a trace. */
  failureChance?: number;
  failureTickMs?: number;
  failureGraceMs?: number;
  /** Require HTTP basic auth with these credentials. */
  credentials?: { username: string; password: string } | null;
  /** Answer GET /connectors with names only, as workers before Kafka 2.3 do. */
  legacyList?: boolean;
  /** Start with a few example connectors when there is no saved state. */
  examples?: boolean;
  /** Serve https with this key and certificate (PEM). */
  tls?: { key: string; cert: string } | null;
}

export interface ConnectWorker {
  url: string;
  store: ConnectorStore;
  /** The next `count` requests answer 409 as during a rebalance. */
  rebalance(count: number): void;
  stop(): Promise<void>;
}

const WORKER_ID = "connect-0.kafka.svc:8083";
const REBALANCE_MESSAGE =
  "Cannot complete request momentarily due to stale configuration (typically caused by a concurrent config change)";

const fail = (reply: FastifyReply, code: number, message: string) =>
  reply.code(code).send({ error_code: code, message });

function statusOf(c: SimConnector) {
  return {
    name: c.name,
    connector: { state: c.state, worker_id: WORKER_ID, ...(c.trace ? { trace: c.trace } : {}) },
    tasks: c.tasks.map((t) => ({
      id: t.id,
      state: t.state,
      worker_id: WORKER_ID,
      ...(t.trace ? { trace: t.trace } : {}),
    })),
    type: "source",
  };
}

function infoOf(c: SimConnector) {
  return {
    name: c.name,
    config: { ...c.config, name: c.name },
    tasks: c.tasks.map((t) => ({ connector: c.name, task: t.id })),
    type: "source",
  };
}

function sameSecret(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

const isStringMap = (v: unknown): v is Record<string, string> =>
  typeof v === "object" && v !== null && !Array.isArray(v) && Object.values(v).every((x) => typeof x === "string");

/** A simulated Kafka Connect worker with the Debezium SQL Server plugin, on a loopback port. */
export async function startConnectWorker(opts: ConnectWorkerOptions): Promise<ConnectWorker> {
  const version = opts.debeziumVersion ?? "2.5.4.Final";
  const store = new ConnectorStore({ dataDir: opts.dataDir, transitionMs: opts.transitionMs ?? 400 });
  if (!store.load() && opts.examples) for (const c of exampleConnectors(version)) store.put(c);
  let rebalancing = 0;

  // One instance type for both: the routes do not care whether TLS is on.
  const app = (opts.tls
    ? Fastify({ logger: false, https: opts.tls })
    : Fastify({ logger: false })) as unknown as FastifyInstance;
  app.setNotFoundHandler((_req, reply) => fail(reply, 404, "HTTP 404 Not Found"));
  app.setErrorHandler((err: { statusCode?: number; message: string }, _req, reply) =>
    fail(reply, err.statusCode && err.statusCode < 500 ? err.statusCode : 500, err.message),
  );
  app.addHook("onRequest", async (req, reply) => {
    if (opts.credentials) {
      const header = req.headers.authorization ?? "";
      const given = header.startsWith("Basic ") ? Buffer.from(header.slice(6), "base64").toString() : "";
      const expected = `${opts.credentials.username}:${opts.credentials.password}`;
      if (!sameSecret(given, expected)) return fail(reply, 401, "User cannot access the resource.");
    }
    if (rebalancing > 0 && req.url !== "/") {
      rebalancing--;
      return fail(reply, 409, REBALANCE_MESSAGE);
    }
  });

  app.get("/", async () => ({ version: "3.7.1", commit: "e0b0a6e1c1cbbf51", kafka_cluster_id: "sandbox-kafka" }));
  app.get("/connector-plugins", async () => [
    { class: SQLSERVER_CLASS, type: "source", version },
    { class: "org.apache.kafka.connect.mirror.MirrorSourceConnector", type: "source", version: "3.7.1" },
  ]);
  app.put<{ Params: { plugin: string }; Body: unknown }>(
    "/connector-plugins/:plugin/config/validate",
    async (req, reply) => {
      const plugin = req.params.plugin;
      if (![SQLSERVER_CLASS, "SqlServerConnector", "SqlServer"].includes(plugin))
        return fail(reply, 400, `Failed to find any class that implements Connector and which name matches ${plugin}`);
      if (!isStringMap(req.body)) return fail(reply, 400, "Connector configuration must be a map of strings");
      return validateConfig({ "connector.class": SQLSERVER_CLASS, ...req.body }, version);
    },
  );

  app.get<{ Querystring: { expand?: string | string[] } }>("/connectors", async (req) => {
    const expand = ([] as string[]).concat(req.query.expand ?? []);
    const all = store.all();
    if (opts.legacyList || expand.length === 0) return all.map((c) => c.name);
    return Object.fromEntries(
      all.map((c) => [
        c.name,
        {
          ...(expand.includes("status") ? { status: statusOf(c) } : {}),
          ...(expand.includes("info") ? { info: infoOf(c) } : {}),
        },
      ]),
    );
  });
  app.post<{ Body: { name?: unknown; config?: unknown } }>("/connectors", async (req, reply) => {
    const { name, config } = req.body ?? {};
    if (typeof name !== "string" || name.trim() === "") return fail(reply, 400, "Connector name must not be empty");
    if (!isStringMap(config)) return fail(reply, 400, "Connector config must be a map of strings");
    if (config.name !== undefined && config.name !== name)
      return fail(
        reply,
        400,
        `Connector name configuration (${config.name}) doesn't match connector name in the URL (${name})`,
      );
    if (store.get(name)) return fail(reply, 409, `Connector ${name} already exists`);
    const result = validateConfig({ ...config, name }, version);
    if (result.error_count > 0) {
      const messages = result.configs.flatMap((c) => c.value.errors);
      return fail(
        reply,
        400,
        `Connector configuration is invalid and contains the following ${messages.length} error(s):\n${messages.join("\n")}\nYou can also find the above list of errors at the endpoint \`/connector-plugins/{connectorType}/config/validate\``,
      );
    }
    const created = store.create(name, { ...config, name });
    return reply
      .code(201)
      .header("location", `/connectors/${encodeURIComponent(name)}`)
      .send(infoOf(created));
  });

  const withConnector =
    (fn: (c: SimConnector, reply: FastifyReply, query: Record<string, string>) => unknown) =>
    async (req: { params: unknown; query: unknown }, reply: FastifyReply) => {
      const name = (req.params as { name: string }).name;
      const c = store.get(name);
      if (!c) return fail(reply, 404, `Connector ${name} not found`);
      return fn(c, reply, req.query as Record<string, string>);
    };

  app.get(
    "/connectors/:name",
    withConnector((c) => infoOf(c)),
  );
  app.get(
    "/connectors/:name/status",
    withConnector((c) => statusOf(c)),
  );
  app.get(
    "/connectors/:name/config",
    withConnector((c) => ({ ...c.config, name: c.name })),
  );
  app.get(
    "/connectors/:name/tasks",
    withConnector((c) => c.tasks.map((t) => ({ id: { connector: c.name, task: t.id }, config: {} }))),
  );
  app.put(
    "/connectors/:name/pause",
    withConnector((c, reply) => {
      store.setTarget(c.name, "PAUSED");
      return reply.code(202).send();
    }),
  );
  app.put(
    "/connectors/:name/resume",
    withConnector((c, reply) => {
      store.setTarget(c.name, "RUNNING");
      return reply.code(202).send();
    }),
  );
  app.post(
    "/connectors/:name/restart",
    withConnector((c, reply, query) => {
      const includeTasks = query.includeTasks === "true";
      const onlyFailed = query.onlyFailed === "true";
      if (!includeTasks && !onlyFailed) return reply.code(204).send();
      return reply.code(202).send(statusOf(store.restartFailed(c.name)!));
    }),
  );
  app.delete(
    "/connectors/:name",
    withConnector((c, reply) => {
      store.remove(c.name);
      return reply.code(204).send();
    }),
  );

  // Now and then a task that has run for a while fails, as real ones do.
  const chance = opts.failureChance ?? 0;
  const ticker =
    chance > 0
      ? setInterval(() => {
          const grace = opts.failureGraceMs ?? 120_000;
          for (const c of store.all())
            if (c.state === "RUNNING" && Date.now() - c.since > grace && c.tasks.some((t) => t.state === "RUNNING"))
              if (Math.random() < chance) store.fail(c.name);
        }, opts.failureTickMs ?? 5000)
      : null;
  ticker?.unref();

  const address = await app.listen({ port: opts.port ?? 0, host: "127.0.0.1" });
  return {
    url: address,
    store,
    rebalance: (count) => void (rebalancing = count),
    async stop() {
      if (ticker) clearInterval(ticker);
      await app.close();
      await store.stop();
    },
  };
}
