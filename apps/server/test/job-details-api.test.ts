import { describe, expect, it } from "vitest";
import { KubeResources, type KubernetesApi } from "@console/sandbox";
import type { TestApp } from "./support/app.js";
import { consoleOnSandboxCluster } from "./support/cluster.js";
import { DB_KINDS } from "./support/db.js";

const K8S = "/k8s-proxy/api/v1";
const MIN = 60_000;

describe.each(DB_KINDS)("Spark and Flink job details, overview and logs (%s)", (kind) => {
  let api: KubernetesApi;
  let t: TestApp;
  let admin: Record<string, string>;
  consoleOnSandboxCluster(kind, { seed: 5 }, (c) => ({ api, t, admin } = c));
  const get = (url: string) => t.app.inject({ method: "GET", url: `${K8S}${url}`, headers: admin });

  it("details a running Spark application: spec, resources, pods with their roles, events", async () => {
    const res = await get("/spark-jobs/daily-sales-etl/spark-job-details");
    expect(res.statusCode).toBe(200);
    const d = res.json();
    expect(d).toMatchObject({
      name: "daily-sales-etl",
      kind: "spark-jobs",
      namespace: "spark",
      status: "RUNNING",
      state: "RUNNING",
      image: "apache/spark:3.5.3",
      version: "3.5.3",
      mode: "Scala, cluster",
      entry: "com.example.daily_sales_etl.Main",
      attempts: 1,
      message: null,
    });
    expect(d.resources).toEqual([
      { role: "driver", instances: 1, cpu: "1", memory: "2g" },
      { role: "executor", instances: 2, cpu: "2", memory: "4g" },
    ]);
    expect(d.pods.map((p: { role: string }) => p.role).sort()).toEqual(["driver", "executor", "executor"]);
    expect(d.pods[0].cpu.usage).toBeGreaterThan(0);
    expect(d.webUI).toBe(`${api.url}/api/v1/namespaces/spark/services/daily-sales-etl-ui-svc:4040/proxy/`);
    expect(Array.isArray(d.events)).toBe(true);
  });

  it("gives a job's overview: pods by state, duration and usage from the metrics API", async () => {
    const o = (await get("/spark-jobs/daily-sales-etl/spark-job-overview")).json();
    expect(o).toMatchObject({ name: "daily-sales-etl", status: "RUNNING", metricsAvailable: true });
    expect(o.pods).toEqual({ running: 3, succeeded: 0, failure: 0, total: 3 });
    expect(o.durationSeconds).toBeGreaterThan(0);
    expect(o.cpu).toBeGreaterThan(0);
    expect(o.memory).toBeGreaterThan(0);
    const failed = (await get("/spark-jobs/fraud-scoring/spark-job-overview")).json();
    expect(failed).toMatchObject({ status: "FAILED", pods: { failure: 1, total: 1 } });
    const why = (await get("/spark-jobs/fraud-scoring/spark-job-details")).json();
    expect(why.message).toMatch(/ExitCode: 1/);
  });

  it("details a Flink deployment with its job and task managers", async () => {
    const d = (await get("/flink-jobs/payments-stream/flink-job-details")).json();
    expect(d).toMatchObject({
      kind: "flink-jobs",
      status: "RUNNING",
      job: "payments_stream",
      version: "v1_20",
      mode: "savepoint",
      entry: "local:///opt/flink/usrlib/payments-stream.jar",
    });
    expect(d.resources.map((r: { role: string }) => r.role)).toEqual(["jobmanager", "taskmanager"]);
    expect(d.pods.map((p: { role: string }) => p.role).sort()).toEqual(["jobmanager", "taskmanager"]);
    const o = (await get("/flink-jobs/payments-stream/flink-job-overview")).json();
    expect(o.pods.running).toBe(2);
    const finished = (await get("/flink-jobs/orders-cdc-sink/flink-job-overview")).json();
    expect(finished.status).toBe("COMPLETED");
    expect((await get("/flink-jobs/orders-cdc-sink/flink-job-details")).json().terminationTime).not.toBeNull();
  });

  it("answers 404 for a job that is not there and 400 naming the field for a bad name", async () => {
    expect((await get("/spark-jobs/no-such-job/spark-job-details")).statusCode).toBe(404);
    expect((await get("/flink-jobs/no-such-job/flink-job-overview")).statusCode).toBe(404);
    const bad = await get("/spark-jobs/Bad_Name/spark-job-details");
    expect(bad.statusCode).toBe(400);
    expect(bad.json().field).toBe("params.id");
  });

  it("reads a running job pod's log, and answers 204 once the pod has finished or is gone", async () => {
    const live = await get("/sparkpods/daily-sales-etl-driver/logs?tailLines=50");
    expect(live.statusCode).toBe(200);
    expect(live.json()).toMatchObject({ pod: "daily-sales-etl-driver", container: "spark-kubernetes-driver" });
    expect(live.json().lines).toHaveLength(50);
    // clickstream-sessionize completed: its driver pod has stopped.
    const done = await get("/sparkpods/clickstream-sessionize-driver/logs");
    expect(done.statusCode).toBe(204);
    expect(done.body).toBe("");
    expect((await get("/flinkpods/no-such-pod/logs")).statusCode).toBe(204);
    const flinkPod = api.store
      .list(KubeResources.pods, "flink")
      .find((p) => p.metadata.labels?.app === "payments-stream" && p.metadata.labels?.component === "jobmanager")!;
    const flink = await get(`/flinkpods/${flinkPod.metadata.name}/logs?tailLines=5`);
    expect(flink.statusCode).toBe(200);
    expect(flink.json().lines).toHaveLength(5);
  });

  it("keeps CPU and memory history per component and per host, sampled from the metrics API", async () => {
    const res = await get("/components/trino/overview?minutes=60");
    expect(res.statusCode).toBe(200);
    const h = res.json();
    expect(h).toMatchObject({ intervalSeconds: 15, metricsAvailable: true });
    expect(Date.parse(h.to) - Date.parse(h.from)).toBe(60 * MIN);
    expect(h.points.length).toBeGreaterThanOrEqual(1);
    expect(h.points[0].cpu).toBeGreaterThan(0);
    expect(h.points[0].memory).toBeGreaterThan(0);
    const bad = await get("/components/trino/overview?minutes=45");
    expect(bad.statusCode).toBe(400);
    expect(bad.json().field).toBe("query.minutes");
    expect((await get("/components/no-such/overview")).statusCode).toBe(404);
    const host = (await get("/nodes/master-01/usage")).json();
    expect(Date.parse(host.to) - Date.parse(host.from)).toBe(5 * MIN);
    expect(host.points[0].cpu).toBeGreaterThan(0);
    expect(host.points[0].cpu).toBeLessThanOrEqual(100);
    expect((await get("/nodes/worker-999/usage")).statusCode).toBe(404);
  });
});

describe("the sandbox's jobs move on over time", () => {
  let api: KubernetesApi;
  let t: TestApp;
  let base: string;
  let admin: Record<string, string>;
  consoleOnSandboxCluster("pglite", { seed: 7 }, (c) => ({ api, t, admin, base } = c), { listen: true });
  const get = (url: string) => t.app.inject({ method: "GET", url: `${K8S}${url}`, headers: admin });
  const jobs = async (k: "spark-jobs" | "flink-jobs") =>
    (await get(`/${k}`)).json().items as Array<{ name: string; status: string; pods: Array<{ status: string }> }>;

  it("ends a followed job pod's stream when the job finishes, then answers 204", async () => {
    const res = await fetch(`${base}${K8S}/sparkpods/orders-compaction-driver/logs/follow?tailLines=2`, {
      headers: admin,
    });
    expect(res.headers.get("content-type")).toMatch(/^text\/event-stream/);
    const reader = res.body!.getReader();
    let text = "";
    while ((text.match(/^data: /gm) ?? []).length < 2) text += new TextDecoder().decode((await reader.read()).value);
    const now = Date.now();
    api.advanceJobs(now + 1000);
    api.advanceJobs(now + 11 * MIN);
    // The driver stopped: the stream ends instead of waiting for lines that will not come.
    for (;;) if ((await reader.read()).done) break;
    const again = await fetch(`${base}${K8S}/sparkpods/orders-compaction-driver/logs/follow`, { headers: admin });
    expect(again.status).toBe(204);
    const job = (await jobs("spark-jobs")).find((j) => j.name === "orders-compaction")!;
    expect(["COMPLETED", "FAILED"]).toContain(job.status);
    expect(job.pods.map((p) => p.status)).toEqual([job.status === "FAILED" ? "Failed" : "Succeeded"]);
  });

  it("submits Spark runs that start, then complete or sometimes fail; Flink deployments restart and recover", async () => {
    const start = Date.now() + 12 * MIN;
    const outcomes = new Set<string>();
    for (let at = start; at < start + 150 * MIN; at += 20_000) {
      api.advanceJobs(at);
      for (const app of api.store.list("sparkoperator.k8s.io/sparkapplications"))
        if (app.metadata.labels?.["sandbox.platform/run-of"]) outcomes.add(app.status.applicationState.state);
    }
    expect(outcomes).toEqual(new Set(["SUBMITTED", "RUNNING", "COMPLETED", "FAILED"]));
    const spark = await jobs("spark-jobs");
    // Old runs are cleaned up: the list stays bounded (the first eight, eight finished runs, those running).
    expect(spark.length).toBeLessThanOrEqual(8 + 8 + 3);
    const flink = await jobs("flink-jobs");
    // The one created and the one that failed were (re)deployed and run.
    expect(flink.find((j) => j.name === "alerts-router")!.status).not.toBe("FAILED");
    expect(flink.find((j) => j.name === "alerts-router")!.pods.length).toBe(2);
    expect(flink.find((j) => j.name === "session-windows")!.status).not.toBe("FAILED");
    const events = (await get("/events")).json().items as Array<{ message: string; name: string }>;
    expect(events.some((e) => /to RESTARTING/.test(e.message))).toBe(true);
    expect(events.some((e) => /SparkApplication .* failed/.test(e.message))).toBe(true);
  });
});
