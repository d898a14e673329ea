import type { FastifyInstance, FastifyRequest } from "fastify";
import { fail } from "./api.js";
import type { ApiResource } from "./discovery.js";

/**
 * What a caller may do here, answered truthfully from what the sandbox serves: the verbs
 * discovery lists for each resource (reads everywhere; writes only where the console needs
 * them, such as secrets). `kubectl auth can-i`, `auth can-i --list` and `auth whoami` ask
 * through the review APIs; a write, exec or port-forward that is not served is refused with
 * a Status that says why, as the API server refuses a verb a resource does not support.
 */

type Served = Map<string, ApiResource[]>;

/** Streams kubectl opens into a pod or a service; the sandbox runs no containers to reach. */
const STREAMS = new Set(["exec", "attach", "portforward", "proxy"]);
/** Paths outside the resource APIs that answer a GET. */
const NON_RESOURCE = ["/api", "/api/*", "/apis", "/apis/*", "/version", "/healthz"];

const groupOf = (gv: string) => (gv.includes("/") ? gv.split("/")[0]! : "");
/** How kubectl names a resource: "pods", "deployments.apps", "deployments.apps/scale". */
const shown = (group: string, name: string) => {
  const [resource, sub] = name.split("/");
  return `${resource}${group ? `.${group}` : ""}${sub ? `/${sub}` : ""}`;
};
const readOnly = (what: string, why = "") => `the sandbox is read-only: ${what} is not served${why ? ` (${why})` : ""}`;
const serves = (verbs: string[]) => (verbs.length ? `it serves ${verbs.join(", ")}` : "");

function lookup(served: Served, group: string, name: string): ApiResource | undefined {
  for (const [gv, list] of served) {
    if (groupOf(gv) !== group) continue;
    const found = list.find((r) => r.name === name);
    if (found) return found;
  }
  return undefined;
}

interface ResourceAttributes {
  verb?: string;
  group?: string;
  resource?: string;
  subresource?: string;
}

/** The answer to "may I do this?": allowed only where the sandbox serves that verb. */
export function decide(served: Served, a: ResourceAttributes): { allowed: boolean; reason: string } {
  const verb = a.verb ?? "";
  const group = a.group ?? "";
  const name = a.subresource ? `${a.resource}/${a.subresource}` : (a.resource ?? "");
  if (verb === "*" || a.resource === "*")
    return { allowed: false, reason: "the sandbox answers for one verb on one resource at a time" };
  const found = lookup(served, group, name);
  if (!found) return { allowed: false, reason: `the sandbox does not serve ${shown(group, name)}` };
  if (found.verbs.includes(verb))
    return { allowed: true, reason: `the sandbox serves ${verb} on ${shown(group, name)}` };
  return { allowed: false, reason: readOnly(`${verb} on ${shown(group, name)}`, serves(found.verbs)) };
}

function nonResourceAllowed(path: string, verb: string): boolean {
  if (verb !== "get") return false;
  return NON_RESOURCE.some((p) => (p.endsWith("/*") ? path.startsWith(p.slice(0, -1)) : path === p));
}

/** The rules `kubectl auth can-i --list` prints: one per group and set of verbs. */
function rules(served: Served) {
  const byKey = new Map<string, { verbs: string[]; apiGroups: string[]; resources: string[] }>();
  for (const [gv, list] of served)
    for (const r of list) {
      const group = groupOf(gv);
      const key = `${group} ${r.verbs.join(",")}`;
      const rule = byKey.get(key) ?? { verbs: r.verbs, apiGroups: [group], resources: [] };
      if (!rule.resources.includes(r.name)) rule.resources.push(r.name);
      byKey.set(key, rule);
    }
  return [...byKey.values()];
}

interface ReviewBody {
  metadata?: unknown;
  spec?: {
    resourceAttributes?: ResourceAttributes;
    nonResourceAttributes?: { path?: string; verb?: string };
    namespace?: string;
  };
}

export function registerAccessReviews(app: FastifyInstance, served: Served, authenticated: boolean): void {
  const authz = "/apis/authorization.k8s.io/v1";
  app.post(`${authz}/selfsubjectaccessreviews`, async (req, reply) => {
    const body = (req.body ?? {}) as ReviewBody;
    const spec = body.spec ?? {};
    let status;
    if (spec.resourceAttributes) status = decide(served, spec.resourceAttributes);
    else if (spec.nonResourceAttributes) {
      const { path = "", verb = "" } = spec.nonResourceAttributes;
      const allowed = nonResourceAllowed(path, verb);
      status = { allowed, reason: allowed ? `the sandbox serves ${verb} ${path}` : readOnly(`${verb} ${path}`) };
    } else return fail(reply, 422, "Invalid", "spec.resourceAttributes or spec.nonResourceAttributes is required");
    return reply.code(201).send({
      apiVersion: "authorization.k8s.io/v1",
      kind: "SelfSubjectAccessReview",
      metadata: {},
      spec,
      status,
    });
  });
  app.post(`${authz}/selfsubjectrulesreviews`, async (req, reply) => {
    const body = (req.body ?? {}) as ReviewBody;
    return reply.code(201).send({
      apiVersion: "authorization.k8s.io/v1",
      kind: "SelfSubjectRulesReview",
      metadata: {},
      spec: body.spec ?? {},
      status: {
        resourceRules: rules(served),
        nonResourceRules: [{ verbs: ["get"], nonResourceURLs: NON_RESOURCE }],
        incomplete: false,
      },
    });
  });
  // Without a token the sandbox takes any caller, as an API server does its anonymous user.
  const userInfo = authenticated
    ? { username: "sandbox", groups: ["system:authenticated"] }
    : { username: "system:anonymous", groups: ["system:unauthenticated"] };
  app.post("/apis/authentication.k8s.io/v1/selfsubjectreviews", async (_req, reply) =>
    reply.code(201).send({
      apiVersion: "authentication.k8s.io/v1",
      kind: "SelfSubjectReview",
      metadata: { creationTimestamp: new Date().toISOString().replace(/\.\d+Z$/, "Z") },
      status: { userInfo },
    }),
  );
}

const VERB: Record<string, string> = { POST: "create", PUT: "update", PATCH: "patch", DELETE: "delete" };

/**
 * The refusal for a request no route answered, when it names a resource the sandbox serves:
 * a verb it does not serve (405, as the API server answers), or a stream into a pod (403).
 * Anything else is left to the not-found answer.
 */
export function refusal(served: Served, req: FastifyRequest): { code: number; reason: string; message: string } | null {
  const path = req.url.split("?")[0]!;
  const m = /^\/(?:api\/(v1)|apis\/([^/]+\/[^/]+))\/(.+)$/.exec(path);
  if (!m) return null;
  const gv = m[1] ?? m[2]!;
  let rest = m[3]!.split("/");
  if (rest[0] === "namespaces" && rest.length >= 3) rest = rest.slice(2);
  const [plural, name, sub] = rest;
  const list = served.get(gv);
  const resource = list?.find((r) => r.name === plural);
  if (!resource || rest.length > 3) return null;
  const group = groupOf(gv);
  if (sub && STREAMS.has(sub)) {
    const what = `${sub === "portforward" ? "port-forward" : sub} into ${shown(group, plural!)}`;
    return { code: 403, reason: "Forbidden", message: readOnly(what, "it runs no containers") };
  }
  const verb = name === undefined && req.method === "DELETE" ? "deletecollection" : VERB[req.method];
  if (!verb) return null;
  const target = sub ? `${plural}/${sub}` : plural!;
  return {
    code: 405,
    reason: "MethodNotAllowed",
    message: readOnly(`${verb} on ${shown(group, target)}`, serves(lookup(served, group, target)?.verbs ?? [])),
  };
}
