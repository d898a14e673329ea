import type { FastifyInstance } from "fastify";
import type { ResourceDef } from "./api.js";

/**
 * Discovery as the API server serves it (`/api`, `/apis`, one APIResourceList per group
 * version), so that clients which map names to paths, kubectl first, find every resource.
 * Clients that ask for aggregated discovery get the legacy documents and fall back to them.
 */

/** What the sandbox lets a caller do beyond reading, and the short names kubectl knows. */
const EXTRA: Record<string, { verbs?: string[]; shortNames?: string[]; categories?: string[] }> = {
  nodes: { shortNames: ["no"] },
  namespaces: { shortNames: ["ns"] },
  pods: { shortNames: ["po"], categories: ["all"] },
  services: { shortNames: ["svc"], categories: ["all"] },
  endpoints: { shortNames: ["ep"] },
  events: { shortNames: ["ev"] },
  secrets: { verbs: ["create", "update", "delete"] },
  deployments: { shortNames: ["deploy"], categories: ["all"] },
  replicasets: { shortNames: ["rs"], categories: ["all"] },
  statefulsets: { shortNames: ["sts"], categories: ["all"] },
  daemonsets: { shortNames: ["ds"], categories: ["all"] },
  jobs: { categories: ["all"] },
  cronjobs: { shortNames: ["cj"], categories: ["all"] },
  sparkapplications: { verbs: ["delete"], shortNames: ["sparkapp"], categories: ["all"] },
  flinkdeployments: { verbs: ["delete"], shortNames: ["flinkdep"], categories: ["all"] },
};

const READ = ["get", "list", "watch"];

export interface ApiResource {
  name: string;
  singularName: string;
  namespaced: boolean;
  kind: string;
  verbs: string[];
  shortNames?: string[];
  categories?: string[];
}

/** The metrics API (metrics-server's resources), listed only while it is served. */
const METRICS: ApiResource[] = [
  { name: "nodes", singularName: "", namespaced: false, kind: "NodeMetrics", verbs: ["get", "list"] },
  { name: "pods", singularName: "", namespaced: true, kind: "PodMetrics", verbs: ["get", "list"] },
];

const LEASES: ApiResource[] = [
  { name: "leases", singularName: "lease", namespaced: true, kind: "Lease", verbs: ["get", "list"] },
];

/** The review APIs kubectl's `auth can-i` and `auth whoami` create (answered in auth-reviews.ts). */
const review = (name: string, kind: string): ApiResource => ({
  name,
  singularName: kind.toLowerCase(),
  namespaced: false,
  kind,
  verbs: ["create"],
});
const AUTHENTICATION = [review("selfsubjectreviews", "SelfSubjectReview")];
const AUTHORIZATION = [
  review("selfsubjectaccessreviews", "SelfSubjectAccessReview"),
  review("selfsubjectrulesreviews", "SelfSubjectRulesReview"),
];

function apiResource(def: ResourceDef): ApiResource {
  const extra = EXTRA[def.plural] ?? {};
  return {
    name: def.plural,
    singularName: def.kind.toLowerCase(),
    namespaced: def.namespaced,
    kind: def.kind,
    verbs: [...READ, ...(extra.verbs ?? [])],
    ...(extra.shortNames ? { shortNames: extra.shortNames } : {}),
    ...(extra.categories ? { categories: extra.categories } : {}),
  };
}

/**
 * What the sandbox serves: resources by group version ("v1", "apps/v1", ...), in the order
 * they are declared, each with the verbs it answers. Discovery lists it and the access
 * reviews answer from it, so the two cannot disagree.
 */
export function servedResources(resources: ResourceDef[], metrics: boolean): Map<string, ApiResource[]> {
  const out = new Map<string, ApiResource[]>();
  for (const def of resources) {
    const gv = def.prefix.replace(/^\/apis?\//, "");
    const list = out.get(gv) ?? [];
    list.push(apiResource(def));
    // Logs are a subresource of pods; kubectl does not need it listed, other clients look.
    if (def.plural === "pods")
      list.push({ name: "pods/log", singularName: "", namespaced: true, kind: "Pod", verbs: ["get"] });
    out.set(gv, list);
  }
  out.set("coordination.k8s.io/v1", LEASES);
  if (metrics) out.set("metrics.k8s.io/v1beta1", METRICS);
  out.set("authentication.k8s.io/v1", AUTHENTICATION);
  out.set("authorization.k8s.io/v1", AUTHORIZATION);
  return out;
}

export function registerDiscovery(app: FastifyInstance, groups: Map<string, ApiResource[]>): void {
  app.get("/api", async (req) => ({
    kind: "APIVersions",
    versions: ["v1"],
    serverAddressByClientCIDRs: [{ clientCIDR: "0.0.0.0/0", serverAddress: req.host }],
  }));
  const named = [...groups.keys()].filter((gv) => gv.includes("/"));
  app.get("/apis", async () => ({
    kind: "APIGroupList",
    apiVersion: "v1",
    groups: named.map((gv) => {
      const [name, version] = gv.split("/") as [string, string];
      const entry = { groupVersion: gv, version };
      return { name, versions: [entry], preferredVersion: entry };
    }),
  }));
  for (const [gv, list] of groups) {
    const body = { kind: "APIResourceList", apiVersion: "v1", groupVersion: gv, resources: list };
    app.get(gv === "v1" ? "/api/v1" : `/apis/${gv}`, async () => body);
    if (gv !== "v1") {
      const [name, version] = gv.split("/") as [string, string];
      const entry = { groupVersion: gv, version };
      app.get(`/apis/${name}`, async () => ({
        kind: "APIGroup",
        apiVersion: "v1",
        name,
        versions: [entry],
        preferredVersion: entry,
      }));
    }
  }
}
