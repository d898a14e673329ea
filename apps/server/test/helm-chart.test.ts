import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { ChartRenderer, renderChart, type RenderedObject } from "./support/helm.js";
import { loadConfig } from "../src/config.js";

const CHART = fileURLToPath(new URL("../../../deploy/helm/platform-console", import.meta.url));

type Container = {
  name: string;
  image: string;
  env: Array<{ name: string; value?: string; valueFrom?: { secretKeyRef: { name: string; key: string } } }>;
  livenessProbe?: { httpGet: { path: string; port: string } };
  readinessProbe?: { httpGet: { path: string; port: string } };
  resources?: { requests?: Record<string, string>; limits?: Record<string, string> };
  securityContext?: Record<string, unknown>;
  ports: Array<{ name: string; containerPort: number }>;
};
type Rule = { apiGroups: string[]; resources: string[]; verbs: string[] };

const byKind = (objects: RenderedObject[], kind: string) => objects.filter((o) => o.kind === kind);
const one = (objects: RenderedObject[], kind: string) => {
  const found = byKind(objects, kind);
  expect(found, kind).toHaveLength(1);
  return found[0]!;
};

/** Every (group, resource, verb) the roles grant, as "group/resource:verb". */
const grants = (roles: RenderedObject[]) =>
  new Set(
    roles.flatMap((r) =>
      (r.rules as Rule[]).flatMap((rule) =>
        rule.apiGroups.flatMap((g) => rule.resources.flatMap((res) => rule.verbs.map((v) => `${g}/${res}:${v}`))),
      ),
    ),
  );

describe("the Helm chart rendered with its default values", () => {
  const { objects } = renderChart(CHART, { release: "pc", namespace: "console" });
  const deployment = one(objects, "Deployment");
  const spec = deployment.spec as {
    replicas: number;
    selector: { matchLabels: Record<string, string> };
    template: {
      metadata: { labels: Record<string, string> };
      spec: {
        serviceAccountName: string;
        securityContext: Record<string, unknown>;
        containers: Container[];
        volumes: Array<{ name: string }>;
      };
    };
  };
  const container = spec.template.spec.containers[0]!;
  const env = new Map(container.env.map((e) => [e.name, e]));

  it("renders each kind of object the console needs", () => {
    expect(objects.map((o) => o.kind).sort()).toEqual([
      "ClusterRole",
      "ClusterRoleBinding",
      "Deployment",
      "Ingress",
      "PodDisruptionBudget",
      "Role",
      "Role",
      "Role",
      "RoleBinding",
      "RoleBinding",
      "RoleBinding",
      "Service",
      "ServiceAccount",
    ]);
    for (const o of objects) expect(o.metadata.name, o.kind).toMatch(/^pc-platform-console(-\w+)?$/);
  });

  it("runs several replicas whose pods the selector, the Service and the budget all match", () => {
    expect(spec.replicas).toBeGreaterThanOrEqual(2);
    expect(spec.template.metadata.labels).toMatchObject(spec.selector.matchLabels);
    const service = one(objects, "Service").spec as {
      selector: Record<string, string>;
      ports: Array<{ targetPort: string }>;
    };
    expect(service.selector).toEqual(spec.selector.matchLabels);
    expect(service.ports[0]!.targetPort).toBe("http");
    const pdb = one(objects, "PodDisruptionBudget").spec as { minAvailable: number; selector: { matchLabels: object } };
    expect(pdb.minAvailable).toBe(1);
    expect(pdb.selector.matchLabels).toEqual(spec.selector.matchLabels);
  });

  it("has liveness and readiness probes on /healthz and /readyz", () => {
    expect(container.livenessProbe?.httpGet).toEqual({ path: "/healthz", port: "http" });
    expect(container.readinessProbe?.httpGet).toEqual({ path: "/readyz", port: "http" });
    expect(container.ports).toEqual([expect.objectContaining({ name: "http", containerPort: 8080 })]);
  });

  it("requests resources and caps memory", () => {
    expect(container.resources?.requests).toMatchObject({ cpu: expect.any(String), memory: expect.any(String) });
    expect(container.resources?.limits?.memory).toMatch(/Mi|Gi/);
  });

  it("runs as a non-root user on a read-only root file system", () => {
    expect(spec.template.spec.securityContext).toMatchObject({ runAsNonRoot: true, runAsUser: 1000 });
    expect(container.securityContext).toMatchObject({
      allowPrivilegeEscalation: false,
      readOnlyRootFilesystem: true,
      capabilities: { drop: ["ALL"] },
    });
    expect(spec.template.spec.volumes.map((v) => v.name).sort()).toEqual(["data", "tmp"]);
  });

  it("reads the database URL and keys from a Secret, never from plain values", () => {
    expect(env.get("DATABASE_URL")?.valueFrom?.secretKeyRef).toEqual({
      name: "platform-console",
      key: "database-url",
      optional: false,
    });
    for (const name of ["ADMIN_PASSWORD", "TRINO_INGEST_TOKEN", "NOTEBOOK_ACCESS_TOKEN", "LDAP_BIND_PASSWORD"]) {
      expect(env.get(name)?.valueFrom?.secretKeyRef.name, name).toBe("platform-console");
      expect(env.get(name)?.value, name).toBeUndefined();
    }
    expect(env.get("PUBLIC_URL")?.value).toBe("https://console.example.com");
    expect(env.get("TRUST_PROXY")?.value).toBe("1");
    // The value the chart sets is one the console starts with: one hop, the ingress controller.
    expect(loadConfig({ TRUST_PROXY: env.get("TRUST_PROXY")!.value }).TRUST_PROXY).toBe(1);
    expect(env.get("KUBERNETES_IN_CLUSTER")?.value).toBe("true");
    expect(env.get("SANDBOX")?.value).toBe("off");
    expect(container.image).toBe("platform-console:0.1.0");
  });

  it("serves the public address over TLS through the Ingress", () => {
    const ingress = one(objects, "Ingress").spec as {
      tls: Array<{ hosts: string[]; secretName: string }>;
      rules: Array<{ host: string; http: { paths: Array<{ backend: { service: { name: string } } }> } }>;
    };
    expect(ingress.tls[0]).toEqual({ hosts: ["console.example.com"], secretName: "platform-console-tls" });
    expect(ingress.rules[0]!.host).toBe("console.example.com");
    expect(ingress.rules[0]!.http.paths[0]!.backend.service.name).toBe(one(objects, "Service").metadata.name);
  });

  it("grants the cluster screens read access and nothing that writes cluster-wide", () => {
    const sa = one(objects, "ServiceAccount");
    expect(spec.template.spec.serviceAccountName).toBe(sa.metadata.name);
    const cluster = grants(byKind(objects, "ClusterRole"));
    for (const g of [
      "/nodes:watch",
      "/pods:watch",
      "/pods/log:get",
      "/events:list",
      "/services:list",
      "discovery.k8s.io/endpointslices:list",
      "apps/deployments:watch",
      "apps/statefulsets:watch",
      "apps/replicasets:watch",
      "batch/jobs:watch",
      "batch/cronjobs:watch",
      "metrics.k8s.io/nodes:list",
      "metrics.k8s.io/pods:list",
      "sparkoperator.k8s.io/sparkapplications:list",
      "flink.apache.org/flinkdeployments:list",
    ])
      expect(cluster, g).toContain(g);
    const writes = [...cluster].filter((g) => !/:(get|list|watch)$/.test(g));
    expect(writes).toEqual([]);
    expect([...cluster].some((g) => g.includes("secrets") || g.includes("*"))).toBe(false);
    const binding = one(objects, "ClusterRoleBinding") as RenderedObject & {
      roleRef: { name: string };
      subjects: Array<{ name: string; namespace: string }>;
    };
    expect(binding.roleRef.name).toBe(byKind(objects, "ClusterRole")[0]!.metadata.name);
    expect(binding.subjects).toEqual([{ kind: "ServiceAccount", name: sa.metadata.name, namespace: "console" }]);
  });

  it("lets the secrets screen manage Secrets in the platform namespace only, and delete jobs where they run", () => {
    const roles = byKind(objects, "Role");
    const secrets = roles.filter((r) => r.metadata.namespace === "platform");
    expect(grants(secrets)).toEqual(new Set(["get", "list", "create", "update", "delete"].map((v) => `/secrets:${v}`)));
    const spark = roles.find((r) => r.metadata.namespace === "spark")!;
    expect(grants([spark])).toEqual(
      new Set(["sparkoperator.k8s.io/sparkapplications:delete", "flink.apache.org/flinkdeployments:delete"]),
    );
    const bindings = byKind(objects, "RoleBinding") as Array<RenderedObject & { roleRef: { name: string } }>;
    for (const role of roles)
      expect(
        bindings.some((b) => b.metadata.namespace === role.metadata.namespace && b.roleRef.name === role.metadata.name),
        role.metadata.name,
      ).toBe(true);
  });
});

describe("the chart with other values", () => {
  it("leaves out the Ingress and the budget when they are disabled, and passes plain settings", () => {
    const { objects } = renderChart(CHART, {
      values: {
        ingress: { enabled: false },
        podDisruptionBudget: { enabled: false },
        env: { OIDC_ISSUER: "https://sso.example.com/realms/platform" },
      },
    });
    expect(byKind(objects, "Ingress")).toEqual([]);
    expect(byKind(objects, "PodDisruptionBudget")).toEqual([]);
    const c = (one(objects, "Deployment").spec as { template: { spec: { containers: Container[] } } }).template.spec
      .containers[0]!;
    expect(c.env).toContainEqual({ name: "OIDC_ISSUER", value: "https://sso.example.com/realms/platform" });
  });

  it("refuses to render without a public address", () => {
    expect(() => renderChart(CHART, { values: { publicUrl: "" } })).toThrow(/publicUrl is required/);
  });
});

describe("the template renderer", () => {
  it("fails on a construct outside its subset instead of rendering it wrongly", () => {
    const r = new ChartRenderer([]);
    expect(() => r.render(`{{ lookup "v1" "Secret" "a" "b" }}`, {})).toThrow(/unsupported function lookup/);
    expect(() => r.render(`{{ if .x }}a`, {})).toThrow(/missing/);
    expect(r.render(`a {{- if .x }} b {{- else }} c {{- end }}`, { x: 0 })).toBe("a c");
  });
});
