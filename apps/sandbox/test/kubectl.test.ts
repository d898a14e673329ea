import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  KubeResources as R,
  lineAt,
  lineCount,
  logSource,
  startKubernetesApi,
  writeSandboxKubeconfig,
  type KubernetesApi,
} from "../src/kubernetes/index.js";
import type { KubeObject } from "../src/kubernetes/objects.js";
import { kubectl, parseTable, requireKubectl, sections, type Kubectl, type Row } from "./kubectl-helpers.js";

/**
 * The real kubectl against the sandbox's API server, through the kubeconfig the console
 * writes at start. Seed 3 builds cron jobs, finished and failed jobs, and restarted pods.
 */
describe("kubectl against the sandbox", () => {
  let dir: string;
  let api: KubernetesApi;
  let k: Kubectl;
  beforeAll(async () => {
    requireKubectl();
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "pc-kubectl-"));
    // Quiet: nothing moves unless a test moves it, so what kubectl prints can be compared.
    api = await startKubernetesApi({ dataDir: null, quiet: true, seed: 3 });
    const file = writeSandboxKubeconfig(path.join(dir, "sandbox.kubeconfig"), api.url);
    k = kubectl(file, path.join(dir, "cache"));
  });
  afterAll(async () => {
    await api?.stop();
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });

  const list = (resource: string, namespace?: string) => api.store.list(resource, namespace);
  const key = (o: KubeObject) => `${o.metadata.namespace ?? ""}/${o.metadata.name}`;
  /** The rows' namespace/name pairs, without kubectl's "kind/" prefix on names. */
  const keys = (rows: Row[]) => rows.map((r) => `${r.NAMESPACE ?? ""}/${r.NAME!.replace(/^[^/]+\//, "")}`).sort();
  const byName = (rows: Row[]) => new Map(rows.map((r) => [r.NAME!.replace(/^[^/]+\//, ""), r]));

  it("lists nodes, pods, services, endpoints, events and workloads with the server's columns", async () => {
    const out = await k.run("get", "nodes,pods,svc,endpoints,events,deploy,sts,jobs,cronjobs", "-A");
    const [nodes, pods, svcs, eps, events, deploys, sts, jobs, crons] = sections(out) as Row[][];

    expect(Object.keys(nodes![0]!)).toEqual(["NAME", "STATUS", "ROLES", "AGE", "VERSION"]);
    expect(keys(nodes!)).toEqual(list(R.nodes).map(key).sort());
    const roles = byName(nodes!);
    expect(roles.get("master-01")).toMatchObject({ STATUS: "Ready", ROLES: "control-plane", VERSION: "v1.31.4" });
    expect(roles.get("worker-001")).toMatchObject({ STATUS: "Ready", ROLES: "worker" });

    expect(Object.keys(pods![0]!)).toEqual(["NAMESPACE", "NAME", "READY", "STATUS", "RESTARTS", "AGE"]);
    expect(keys(pods!)).toEqual(list(R.pods).map(key).sort());
    const printed = new Map(pods!.map((r) => [`${r.NAMESPACE}/${r.NAME!.slice("pod/".length)}`, r]));
    for (const pod of list(R.pods)) {
      const row = printed.get(key(pod))!;
      const statuses = pod.status.containerStatuses as Array<{
        ready: boolean;
        restartCount: number;
        state: { waiting?: { reason: string } };
      }>;
      expect(row.READY).toBe(`${statuses.filter((c) => c.ready).length}/${statuses.length}`);
      const expected =
        statuses.find((c) => c.state.waiting)?.state.waiting?.reason ??
        { Succeeded: "Completed", Failed: "Error" }[pod.status.phase as string] ??
        pod.status.phase;
      expect(row.STATUS, key(pod)).toBe(expected);
      const restarts = statuses.reduce((n, c) => n + c.restartCount, 0);
      expect(row.RESTARTS).toMatch(restarts > 0 ? new RegExp(`^${restarts} \\(\\S+ ago\\)$`) : /^0$/);
    }

    expect(Object.keys(svcs![0]!)).toEqual([
      "NAMESPACE",
      "NAME",
      "TYPE",
      "CLUSTER-IP",
      "EXTERNAL-IP",
      "PORT(S)",
      "AGE",
    ]);
    expect(keys(svcs!)).toEqual(list(R.services).map(key).sort());
    expect(Object.keys(eps![0]!)).toEqual(["NAMESPACE", "NAME", "ENDPOINTS", "AGE"]);
    expect(keys(eps!)).toEqual(list(R.endpoints).map(key).sort());
    expect(eps!.find((r) => r.NAME === "endpoints/trino-worker")!.ENDPOINTS).toMatch(/^(\d+\.){3}\d+:8080(,|$)/);

    expect(Object.keys(events![0]!)).toEqual(["NAMESPACE", "LAST SEEN", "TYPE", "REASON", "OBJECT", "MESSAGE"]);
    expect(events!.map((r) => `${r.NAMESPACE}/${r.REASON}/${r.OBJECT}`).sort()).toEqual(
      list(R.events)
        .map((e) => {
          const about = e.involvedObject as { kind: string; name: string };
          return `${e.metadata.namespace}/${e.reason}/${about.kind.toLowerCase()}/${about.name}`;
        })
        .sort(),
    );

    expect(Object.keys(deploys![0]!)).toEqual(["NAMESPACE", "NAME", "READY", "UP-TO-DATE", "AVAILABLE", "AGE"]);
    expect(keys(deploys!)).toEqual(list(R.deployments).map(key).sort());
    expect(byName(deploys!).get("trino-worker")!.READY).toBe("3/3");
    expect(Object.keys(sts![0]!)).toEqual(["NAMESPACE", "NAME", "READY", "AGE"]);
    expect(keys(sts!)).toEqual(list(R.statefulsets).map(key).sort());

    expect(Object.keys(jobs![0]!)).toEqual(["NAMESPACE", "NAME", "STATUS", "COMPLETIONS", "DURATION", "AGE"]);
    expect(keys(jobs!)).toEqual(list(R.jobs).map(key).sort());
    const jobRows = byName(jobs!);
    for (const job of list(R.jobs)) {
      const status = job.status.completionTime ? "Complete" : job.status.failed ? "Failed" : "Running";
      expect(jobRows.get(job.metadata.name)!.STATUS).toBe(status);
    }
    expect(Object.keys(crons![0]!)).toEqual([
      "NAMESPACE",
      "NAME",
      "SCHEDULE",
      "TIMEZONE",
      "SUSPEND",
      "ACTIVE",
      "LAST SCHEDULE",
      "AGE",
    ]);
    expect(keys(crons!)).toEqual(list(R.cronjobs).map(key).sort());
    expect(crons!.length).toBeGreaterThan(0);
  });

  it("lists the Spark applications and Flink deployments with their operators' columns", async () => {
    const [spark, flink] = sections(await k.run("get", "sparkapplications,flinkdeployments", "-A")) as Row[][];
    const apps = list("sparkoperator.k8s.io/sparkapplications");
    const deployments = list("flink.apache.org/flinkdeployments");
    expect(apps.length).toBeGreaterThan(0);
    expect(deployments.length).toBeGreaterThan(0);
    const sparkRows = byName(spark!);
    expect(sparkRows.size).toBe(apps.length);
    for (const a of apps) expect(sparkRows.get(a.metadata.name)!.STATUS).toBe(a.status.applicationState.state);
    const flinkRows = byName(flink!);
    expect(flinkRows.size).toBe(deployments.length);
    for (const f of deployments)
      expect(flinkRows.get(f.metadata.name)).toMatchObject({
        "JOB STATUS": f.status.jobStatus.state,
        "LIFECYCLE STATE": f.status.lifecycleState,
      });
  });

  it("prints a running Spark application's missing finish time as kubectl does for a real cluster", async () => {
    const running = list("sparkoperator.k8s.io/sparkapplications").filter((a) => !a.status.terminationTime);
    expect(running.length).toBeGreaterThan(0);
    const printed = await k.run("get", "sparkapplications", "-n", "spark");
    expect(printed).not.toContain("<no value>");
    const rows = byName(parseTable(printed));
    // The API server sends an empty cell for a printer column whose path is missing.
    for (const a of running) expect(rows.get(a.metadata.name)!.FINISH).toBe("");
    const custom = await k.run(
      "get",
      "sparkapplications",
      "-n",
      "spark",
      "-o",
      "custom-columns=NAME:.metadata.name,FINISH:.status.terminationTime",
    );
    const cells = byName(parseTable(custom));
    for (const a of running) expect(cells.get(a.metadata.name)!.FINISH).toBe("<none>");
  });

  it("describes a running Spark application without the simulator's plan for it", async () => {
    // Moving the jobs on gives each running application its planned end and outcome.
    api.advanceJobs(Date.now());
    const running = list("sparkoperator.k8s.io/sparkapplications").find(
      (a) => a.status.applicationState.state === "RUNNING",
    )!;
    expect(running).toBeDefined();
    const out = await k.run("describe", "sparkapplication", "-n", "spark", running.metadata.name);
    expect(out).toMatch(new RegExp(`^Name:\\s+${running.metadata.name}$`, "m"));
    expect(out).toMatch(/^Annotations:\s+<none>$/m);
    expect(out).not.toMatch(/ends-at|outcome/i);
  });

  it("describes a node with its addresses, lease and the pods it runs", async () => {
    const node = list(R.nodes).find((n) => n.metadata.name.startsWith("worker-"))!;
    const out = await k.run("describe", "node", node.metadata.name);
    const ip = (node.status.addresses as Array<{ type: string; address: string }>)[0]!.address;
    expect(out).toMatch(new RegExp(`^Name:\\s+${node.metadata.name}$`, "m"));
    expect(out).toMatch(/^Roles:\s+worker$/m);
    expect(out).toMatch(new RegExp(`^\\s+InternalIP:\\s+${ip.replaceAll(".", "\\.")}$`, "m"));
    expect(out).toMatch(new RegExp(`^\\s+HolderIdentity:\\s+${node.metadata.name}$`, "m"));
    const running = list(R.pods).filter(
      (p) => p.spec.nodeName === node.metadata.name && !["Succeeded", "Failed"].includes(p.status.phase),
    );
    expect(running.length).toBeGreaterThan(0);
    expect(out).toMatch(new RegExp(`^Non-terminated Pods:\\s+\\(${running.length} in total\\)$`, "m"));
    for (const p of running)
      expect(out).toMatch(new RegExp(`^\\s+${p.metadata.namespace}\\s+${p.metadata.name}\\s`, "m"));
  });

  /** A running pod with one container, whose log lines the test can compute. */
  const logPod = () =>
    list(R.pods, "trino").find((p) => p.status.phase === "Running" && p.spec.containers.length === 1)!;
  /** The index of each printed line in the container's log; they must follow one another. */
  const lineNumbers = (pod: KubeObject, printed: string[]) => {
    const src = logSource(pod, pod.spec.containers[0].name);
    const last = lineCount(src, Date.now()) + 10;
    const first = Math.max(0, last - 200);
    const all = Array.from({ length: last - first }, (_, i) => lineAt(src, first + i).text);
    return printed.map((line) => first + all.indexOf(line));
  };

  it("prints a pod's last log lines", async () => {
    const pod = logPod();
    const out = await k.run("logs", "-n", "trino", pod.metadata.name, "--tail=5");
    const lines = out.trimEnd().split("\n");
    expect(lines).toHaveLength(5);
    const at = lineNumbers(pod, lines);
    expect(at[0]).toBeGreaterThanOrEqual(0);
    expect(at).toEqual([0, 1, 2, 3, 4].map((i) => at[0]! + i));
  });

  it("follows a pod's log as new lines are written", async () => {
    const pod = logPod();
    const count = lineCount(logSource(pod, pod.spec.containers[0].name), Date.now());
    // One line from the tail, then at least two written while kubectl follows (1 to 3 s apart).
    const out = await k.stream(
      ["logs", "-f", "-n", "trino", pod.metadata.name, "--tail=1"],
      (o) => o.split("\n").length > 3,
    );
    const lines = out.split("\n").slice(0, 3);
    const at = lineNumbers(pod, lines);
    expect(at).toEqual([0, 1, 2].map((i) => at[0]! + i));
    expect(at[2]).toBeGreaterThanOrEqual(count);
  });

  const metrics = async (path: string) =>
    ((await (await fetch(`${api.url}/apis/metrics.k8s.io/v1beta1/${path}`)).json()) as { items: KubeObject[] }).items;
  /** Usage moves slowly; allow for what changes while kubectl runs. */
  const near = (printed: number, expected: number) =>
    expect(Math.abs(printed - expected)).toBeLessThanOrEqual(expected * 0.05 + 2);

  it("shows each node's usage with kubectl top, as metrics-server reports it", async () => {
    const usage = await metrics("nodes");
    const rows = byName(parseTable(await k.run("top", "nodes")));
    expect(rows.size).toBe(list(R.nodes).length);
    for (const m of usage) {
      const row = rows.get(m.metadata.name)!;
      const node = list(R.nodes).find((n) => n.metadata.name === m.metadata.name)!;
      const cpuM = Number((m.usage as { cpu: string }).cpu.slice(0, -1)) / 1e6;
      const memMi = Number((m.usage as { memory: string }).memory.slice(0, -2)) / 1024;
      near(Number(row["CPU(cores)"]!.replace(/m$/, "")), cpuM);
      near(Number(row["MEMORY(bytes)"]!.replace(/Mi$/, "")), memMi);
      const allocM = Number(String(node.status.allocatable.cpu).replace(/m$/, ""));
      near(Number(row["CPU%"]!.replace(/%$/, "")), Math.floor((cpuM * 100) / allocM));
    }
  });

  it("shows every running pod's usage with kubectl top pods -A", async () => {
    const usage = new Map((await metrics("pods")).map((m) => [key(m), m]));
    const rows = parseTable(await k.run("top", "pods", "-A"));
    const running = list(R.pods).filter((p) => p.status.phase === "Running");
    expect(keys(rows)).toEqual(running.map(key).sort());
    for (const row of rows) {
      const m = usage.get(`${row.NAMESPACE}/${row.NAME}`)!;
      const containers = m.containers as Array<{ usage: { cpu: string } }>;
      const cpuM = containers.reduce((n, c) => n + Number(c.usage.cpu.slice(0, -1)) / 1e6, 0);
      near(Number(row["CPU(cores)"]!.replace(/m$/, "")), cpuM);
    }
  });

  it("watches pods: the current list, then each change as it happens", async () => {
    const spark = list(R.pods, "spark");
    const added = structuredClone(spark.find((p) => p.status.phase === "Running")!);
    added.metadata.name = "watched-driver";
    added.metadata.creationTimestamp = new Date().toISOString().replace(/\.\d+Z$/, "Z");
    let put = false;
    const out = await k.stream(["get", "pods", "-n", "spark", "-w"], (o) => {
      // Once the list is printed, add a pod: the watch, from the list's version, must print it.
      if (!put && spark.every((p) => o.includes(`${p.metadata.name} `))) {
        put = true;
        api.store.put(R.pods, added);
      }
      return /^watched-driver\s+1\/1\s+Running\s+0\s+\d+s$/m.test(o);
    });
    const rows = parseTable(out);
    expect(Object.keys(rows[0]!)).toEqual(["NAME", "READY", "STATUS", "RESTARTS", "AGE"]);
    expect(rows.map((r) => r.NAME)).toEqual([...spark.map((p) => p.metadata.name), "watched-driver"]);
  });
});
