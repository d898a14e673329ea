import { timingSafeEqual } from "node:crypto";
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from "fastify";
import { R } from "./generate.js";
import { deleteJob, FLINK_DEPLOYMENTS, SPARK_APPS } from "./jobs.js";
import { statusBody, type KubeObject } from "./objects.js";
import { parseFieldSelector, parseLabelSelector, SelectorError } from "./selectors.js";
import type { ObjectStore } from "./store.js";
import { includeObjectOf, toTable, wantsTable } from "./table.js";

/** One resource the simulated API serves, where the real API serves it. */
export interface ResourceDef {
  /** "/api/v1" for the core group, "/apis/<group>/<version>" for others. */
  prefix: string;
  plural: string;
  kind: string;
  namespaced: boolean;
  /** Key in the object store. */
  key: string;
}

export const RESOURCES: ResourceDef[] = [
  { prefix: "/api/v1", plural: "nodes", kind: "Node", namespaced: false, key: R.nodes },
  { prefix: "/api/v1", plural: "namespaces", kind: "Namespace", namespaced: false, key: R.namespaces },
  { prefix: "/api/v1", plural: "pods", kind: "Pod", namespaced: true, key: R.pods },
  { prefix: "/api/v1", plural: "services", kind: "Service", namespaced: true, key: R.services },
  { prefix: "/api/v1", plural: "endpoints", kind: "Endpoints", namespaced: true, key: R.endpoints },
  { prefix: "/api/v1", plural: "events", kind: "Event", namespaced: true, key: R.events },
  { prefix: "/api/v1", plural: "secrets", kind: "Secret", namespaced: true, key: R.secrets },
  { prefix: "/apis/apps/v1", plural: "deployments", kind: "Deployment", namespaced: true, key: R.deployments },
  { prefix: "/apis/apps/v1", plural: "replicasets", kind: "ReplicaSet", namespaced: true, key: R.replicasets },
  { prefix: "/apis/apps/v1", plural: "statefulsets", kind: "StatefulSet", namespaced: true, key: R.statefulsets },
  { prefix: "/apis/apps/v1", plural: "daemonsets", kind: "DaemonSet", namespaced: true, key: R.daemonsets },
  { prefix: "/apis/batch/v1", plural: "jobs", kind: "Job", namespaced: true, key: R.jobs },
  { prefix: "/apis/batch/v1", plural: "cronjobs", kind: "CronJob", namespaced: true, key: R.cronjobs },
  {
    prefix: "/apis/sparkoperator.k8s.io/v1beta2",
    plural: "sparkapplications",
    kind: "SparkApplication",
    namespaced: true,
    key: SPARK_APPS,
  },
  {
    prefix: "/apis/flink.apache.org/v1beta1",
    plural: "flinkdeployments",
    kind: "FlinkDeployment",
    namespaced: true,
    key: FLINK_DEPLOYMENTS,
  },
  {
    prefix: "/apis/discovery.k8s.io/v1",
    plural: "endpointslices",
    kind: "EndpointSlice",
    namespaced: true,
    key: R.endpointslices,
  },
];

export const fail = (reply: FastifyReply, code: number, reason: string, message: string) =>
  reply.code(code).send(statusBody(code, reason, message));

const apiVersionOf = (prefix: string) => prefix.replace(/^\/apis?\//, "");

interface ListQuery {
  labelSelector?: string;
  fieldSelector?: string;
  watch?: string;
  timeoutSeconds?: string;
  includeObject?: string;
  resourceVersion?: string;
}

/** Streams changes as the API server does: one JSON event per line, until the timeout or the caller goes. */
function streamWatch(
  store: ObjectStore,
  key: string,
  namespace: string | undefined,
  matches: (o: KubeObject) => boolean,
  timeoutSeconds: number,
  since: number | undefined,
  reply: FastifyReply,
  streams: Set<() => void>,
  encode: (o: KubeObject) => unknown,
): void {
  reply.hijack();
  const res = reply.raw;
  res.writeHead(200, { "content-type": "application/json", "transfer-encoding": "chunked" });
  res.flushHeaders();
  if (since !== undefined && !store.canReplaySince(since)) {
    // As the API server: the watch answers an error event, and the client lists again.
    const gone = statusBody(410, "Expired", `too old resource version: ${since} (${store.resourceVersion})`);
    res.end(`${JSON.stringify({ type: "ERROR", object: gone })}\n`);
    return;
  }
  const unwatch = store.watch((resource, event) => {
    if (resource !== key) return;
    if (namespace !== undefined && event.object.metadata.namespace !== namespace) return;
    if (!matches(event.object)) return;
    res.write(`${JSON.stringify({ type: event.type, object: encode(event.object) })}\n`);
  }, since);
  const end = () => {
    unwatch();
    clearTimeout(timer);
    if (!res.writableEnded) res.end();
  };
  const timer = setTimeout(end, timeoutSeconds * 1000);
  timer.unref();
  res.on("close", end);
  streams.add(end);
  res.on("close", () => streams.delete(end));
}

/** Read routes for every resource: list (all namespaces or one), and get one by name. */
export function registerReads(
  app: FastifyInstance,
  store: ObjectStore,
  resources: ResourceDef[],
  streams: Set<() => void>,
): void {
  for (const def of resources) {
    const list = async (
      req: { query: unknown; params: unknown; headers: { accept?: string } },
      reply: FastifyReply,
    ): Promise<FastifyReply | Record<string, unknown>> => {
      const q = req.query as ListQuery;
      const table = wantsTable(req.headers.accept);
      const include = includeObjectOf(q.includeObject);
      const namespace = (req.params as { namespace?: string }).namespace;
      let matchLabels, matchFields;
      try {
        matchLabels = parseLabelSelector(q.labelSelector);
        matchFields = parseFieldSelector(q.fieldSelector);
      } catch (err) {
        if (err instanceof SelectorError) return fail(reply, 400, "BadRequest", err.message);
        throw err;
      }
      const matches = (o: KubeObject) => matchLabels(o.metadata.labels ?? {}) && matchFields(o);
      if (q.watch === "true" || q.watch === "1") {
        const timeout = Math.min(Math.max(Number(q.timeoutSeconds) || 1800, 1), 3600);
        // A watch in Table form sends each change as a table of one row.
        const encode = table
          ? (o: KubeObject) => toTable(def.kind, [o], o.metadata.resourceVersion, include)
          : (o: KubeObject) => o;
        // From a list's resource version, the changes made since are sent first.
        const since =
          /^\d+$/.test(q.resourceVersion ?? "") && q.resourceVersion !== "0" ? Number(q.resourceVersion) : undefined;
        streamWatch(store, def.key, namespace, matches, timeout, since, reply, streams, encode);
        return reply;
      }
      const items: KubeObject[] = [];
      for (const o of store.list(def.key, namespace)) if (matches(o)) items.push(o);
      if (table) return toTable(def.kind, items, store.resourceVersion, include);
      return {
        kind: `${def.kind}List`,
        apiVersion: apiVersionOf(def.prefix),
        metadata: { resourceVersion: store.resourceVersion },
        items,
      };
    };
    const get = async (req: { params: unknown; query: unknown; headers: { accept?: string } }, reply: FastifyReply) => {
      const { namespace, name } = req.params as { namespace?: string; name?: string };
      const obj = def.namespaced ? store.get(def.key, namespace!, name!) : store.get(def.key, "", (name ?? namespace)!);
      if (!obj) return fail(reply, 404, "NotFound", `${def.plural} "${name ?? namespace}" not found`);
      if (wantsTable(req.headers.accept))
        return toTable(
          def.kind,
          [obj],
          obj.metadata.resourceVersion,
          includeObjectOf((req.query as ListQuery).includeObject),
        );
      return obj;
    };
    app.get(`${def.prefix}/${def.plural}`, list);
    if (def.key === SPARK_APPS || def.key === FLINK_DEPLOYMENTS)
      app.delete(`${def.prefix}/namespaces/:namespace/${def.plural}/:name`, async (req, reply) => {
        const { namespace, name } = req.params as { namespace: string; name: string };
        const removed = deleteJob(store, def.key, namespace, name);
        if (!removed) return fail(reply, 404, "NotFound", `${def.plural} "${name}" not found`);
        return {
          kind: "Status",
          apiVersion: "v1",
          metadata: {},
          status: "Success",
          details: { name, kind: def.plural, uid: removed.metadata.uid },
        };
      });
    if (def.namespaced) {
      app.get(`${def.prefix}/namespaces/:namespace/${def.plural}`, list);
      app.get(`${def.prefix}/namespaces/:namespace/${def.plural}/:name`, get);
    } else if (def.plural === "namespaces") {
      // Shares its path segment with the namespaced routes' parameter.
      app.get(`${def.prefix}/namespaces/:namespace`, get);
    } else {
      app.get(`${def.prefix}/${def.plural}/:name`, get);
    }
  }
}

export interface ApiServerOptions {
  /** Require this bearer token (tests of refused credentials); unset accepts any caller. */
  token?: string | null;
  /** The refusal for a request no route answers (a write the sandbox does not serve), or null. */
  refuse?: (req: FastifyRequest) => { code: number; reason: string; message: string } | null;
}

/**
 * The HTTP server of the simulated API, with the API server's error shape and auth.
 * `streams` holds the enders of open watches and log follows, ended when it stops.
 */
export function createApiServer(opts: ApiServerOptions, streams: Set<() => void>): FastifyInstance {
  const app = Fastify({
    logger: false,
    routerOptions: { maxParamLength: 500 },
    forceCloseConnections: true,
  }) as unknown as FastifyInstance;
  // The API server takes DELETE with or without a DeleteOptions body; clients send either.
  app.removeContentTypeParser("application/json");
  app.addContentTypeParser("application/json", { parseAs: "string" }, (_req, body, done) => {
    if (!body) return done(null, undefined);
    try {
      done(null, JSON.parse(body as string));
    } catch {
      done(Object.assign(new Error("the body is not valid JSON"), { statusCode: 400 }));
    }
  });
  app.addHook("preClose", async () => {
    for (const end of [...streams]) end();
  });
  app.setNotFoundHandler((req, reply) => {
    const refused = opts.refuse?.(req);
    if (refused) return fail(reply, refused.code, refused.reason, refused.message);
    return fail(reply, 404, "NotFound", `the server could not find the requested resource (${req.method} ${req.url})`);
  });
  app.setErrorHandler((err: { statusCode?: number; message: string }, _req, reply) => {
    const code = err.statusCode && err.statusCode < 500 ? err.statusCode : 500;
    return fail(reply, code, code === 500 ? "InternalError" : "BadRequest", err.message);
  });
  app.addHook("onRequest", async (req, reply) => {
    if (!opts.token) return;
    const header = req.headers.authorization ?? "";
    const given = Buffer.from(header.startsWith("Bearer ") ? header.slice(7) : "");
    const expected = Buffer.from(opts.token);
    if (given.length !== expected.length || !timingSafeEqual(given, expected))
      return fail(reply, 401, "Unauthorized", "Unauthorized");
  });
  app.get("/version", async () => ({
    major: "1",
    minor: "31",
    gitVersion: "v1.31.4-sandbox",
    platform: "linux/amd64",
  }));
  app.get("/healthz", async () => "ok");
  return app;
}
