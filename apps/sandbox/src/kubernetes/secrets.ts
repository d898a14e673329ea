import fs from "node:fs";
import path from "node:path";
import type { FastifyInstance } from "fastify";
import { fail } from "./api.js";
import { iso, uidOf } from "./build.js";
import { R } from "./generate.js";
import type { KubeObject } from "./objects.js";
import type { ObjectStore } from "./store.js";

const NAME = /^[a-z0-9]([-a-z0-9.]*[a-z0-9])?$/;

/** Secrets are kept in `<dataDir>/secrets.json`, so they survive a restart as in a real cluster. */
function persistence(dataDir: string | null, store: ObjectStore) {
  const file = dataDir ? path.join(dataDir, "secrets.json") : null;
  return {
    load() {
      if (!file || !fs.existsSync(file)) return;
      for (const s of JSON.parse(fs.readFileSync(file, "utf8")) as KubeObject[]) store.put(R.secrets, s);
    },
    save() {
      if (!file) return;
      fs.mkdirSync(path.dirname(file), { recursive: true });
      const tmp = `${file}.${process.pid}.tmp`;
      fs.writeFileSync(tmp, JSON.stringify(store.list(R.secrets)), { mode: 0o600 });
      fs.renameSync(tmp, file);
    },
  };
}

/** The body as the API server takes it: stringData is encoded into data. */
function secretFrom(body: unknown, namespace: string): KubeObject | string {
  const b = body as {
    metadata?: { name?: unknown; labels?: unknown; annotations?: unknown };
    data?: unknown;
    stringData?: unknown;
    type?: unknown;
  } | null;
  const name = b?.metadata?.name;
  if (typeof name !== "string" || !NAME.test(name) || name.length > 253)
    return `Secret "${String(name)}" is invalid: metadata.name: Invalid value: a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or '.'`;
  const data: Record<string, string> = {};
  const isMap = (v: unknown): v is Record<string, string> =>
    typeof v === "object" && v !== null && Object.values(v).every((x) => typeof x === "string");
  if (b?.data !== undefined) {
    if (!isMap(b.data)) return "Secret is invalid: data: values must be base64 strings";
    Object.assign(data, b.data);
  }
  if (b?.stringData !== undefined) {
    if (!isMap(b.stringData)) return "Secret is invalid: stringData: values must be strings";
    for (const [k, v] of Object.entries(b.stringData)) data[k] = Buffer.from(v).toString("base64");
  }
  return {
    apiVersion: "v1",
    kind: "Secret",
    metadata: {
      name,
      namespace,
      uid: uidOf("Secret", namespace, name, String(Date.now())),
      resourceVersion: "1",
      creationTimestamp: iso(Date.now()),
      ...(isMap(b?.metadata?.labels) ? { labels: b.metadata.labels } : {}),
      ...(isMap(b?.metadata?.annotations) ? { annotations: b.metadata.annotations } : {}),
    },
    type: typeof b?.type === "string" ? b.type : "Opaque",
    data,
  };
}

/** Create, replace and delete of Secrets (reads are the generic ones), persisted in the data folder. */
export function registerSecretWrites(app: FastifyInstance, store: ObjectStore, dataDir: string | null): void {
  const disk = persistence(dataDir, store);
  disk.load();
  const base = "/api/v1/namespaces/:namespace/secrets";
  app.post(base, async (req, reply) => {
    const { namespace } = req.params as { namespace: string };
    const secret = secretFrom(req.body, namespace);
    if (typeof secret === "string") return fail(reply, 422, "Invalid", secret);
    if (store.get(R.secrets, namespace, secret.metadata.name))
      return fail(reply, 409, "AlreadyExists", `secrets "${secret.metadata.name}" already exists`);
    const created = store.put(R.secrets, secret);
    disk.save();
    return reply.code(201).send(created);
  });
  app.put(`${base}/:name`, async (req, reply) => {
    const { namespace, name } = req.params as { namespace: string; name: string };
    const existing = store.get(R.secrets, namespace, name);
    if (!existing) return fail(reply, 404, "NotFound", `secrets "${name}" not found`);
    const secret = secretFrom(req.body, namespace);
    if (typeof secret === "string") return fail(reply, 422, "Invalid", secret);
    if (secret.metadata.name !== name)
      return fail(reply, 400, "BadRequest", "the name of the object does not match the name on the URL");
    const given = (req.body as { metadata?: { resourceVersion?: string } }).metadata?.resourceVersion;
    if (given && given !== existing.metadata.resourceVersion)
      return fail(
        reply,
        409,
        "Conflict",
        `Operation cannot be fulfilled on secrets "${name}": the object has been modified; please apply your changes to the latest version and try again`,
      );
    secret.metadata.uid = existing.metadata.uid;
    secret.metadata.creationTimestamp = existing.metadata.creationTimestamp;
    const replaced = store.put(R.secrets, secret);
    disk.save();
    return replaced;
  });
  app.delete(`${base}/:name`, async (req, reply) => {
    const { namespace, name } = req.params as { namespace: string; name: string };
    const removed = store.remove(R.secrets, namespace, name);
    if (!removed) return fail(reply, 404, "NotFound", `secrets "${name}" not found`);
    disk.save();
    return {
      kind: "Status",
      apiVersion: "v1",
      metadata: {},
      status: "Success",
      details: { name, kind: "secrets", uid: removed.metadata.uid },
    };
  });
}
