import { describe, expect, it } from "vitest";
import type { KubernetesApi } from "@console/sandbox";
import type { TestApp } from "./support/app.js";
import { consoleOnSandboxCluster } from "./support/cluster.js";
import { DB_KINDS } from "./support/db.js";

const K8S = "/k8s-proxy/api/v1";

describe.each(DB_KINDS)("Spark and Flink jobs on the sandbox platform (%s)", (kind) => {
  let api: KubernetesApi;
  let t: TestApp;
  let admin: Record<string, string>;
  consoleOnSandboxCluster(kind, { seed: 5 }, (c) => ({ api, t, admin } = c));
  const send = (method: "GET" | "POST" | "DELETE", url: string, payload?: unknown) =>
    t.app.inject({ method, url: `${K8S}${url}`, headers: admin, ...(payload ? { payload: payload as object } : {}) });

  it("lists Spark applications with their state, pods and web UI through the API server's proxy", async () => {
    const res = await send("GET", "/spark-jobs");
    expect(res.statusCode).toBe(200);
    const items = res.json().items as Array<{ name: string; status: string; pods: unknown[]; webUI: string | null }>;
    expect(items).toHaveLength(8);
    expect(new Set(items.map((j) => j.status))).toEqual(new Set(["SUBMITTED", "RUNNING", "COMPLETED", "FAILED"]));
    const running = items.find((j) => j.status === "RUNNING")!;
    expect(running.pods).toHaveLength(3);
    expect(running.webUI).toBe(`${api.url}/api/v1/namespaces/spark/services/${running.name}-ui-svc:4040/proxy/`);
    expect(items.find((j) => j.status === "SUBMITTED")!.pods).toEqual([]);
  });

  it("lists Flink deployments with their job name and state", async () => {
    const items = (await send("GET", "/flink-jobs")).json().items as Array<{ status: string; job: string }>;
    expect(items).toHaveLength(6);
    expect(items.map((j) => j.status)).toContain("COMPLETED");
    expect(items[0]!.job).toMatch(/^[a-z_]+$/);
  });

  it("deletes the selected jobs, reports those it could not delete, and audits it", async () => {
    const res = await send("POST", "/spark-jobs", { jobs: ["inventory-snapshot", "no-such-job"] });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: ["inventory-snapshot"], failure: ["no-such-job"] });
    const names = ((await send("GET", "/spark-jobs")).json().items as Array<{ name: string }>).map((j) => j.name);
    expect(names).not.toContain("inventory-snapshot");
    expect(api.store.get("pods", "spark", "inventory-snapshot-driver")).toBeUndefined();
    const audit = await t.testDb.db.query<{ action: string; details: { success: string[] } }>(
      "SELECT action, details FROM audit_events WHERE source = 'components' ORDER BY seq DESC LIMIT 1",
    );
    expect(audit.rows[0]).toMatchObject({ action: "deleteJobs", details: { success: ["inventory-snapshot"] } });
  });

  it("deletes one Flink deployment by name, and answers 404 for one that is gone", async () => {
    const res = await send("DELETE", "/flink-jobs/alerts-router");
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ message: "alerts-router deleted", items: ["alerts-router"] });
    expect((await send("DELETE", "/flink-jobs/alerts-router")).statusCode).toBe(404);
  });

  it("refuses an empty or malformed selection with the field named", async () => {
    const empty = await send("POST", "/spark-jobs", { jobs: [] });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().field).toBe("body.jobs");
    expect((await send("POST", "/spark-jobs", { jobs: ["Not A Name"] })).statusCode).toBe(400);
  });

  it("deletes every job of a kind", async () => {
    const res = await send("DELETE", "/flink-jobs");
    expect(res.statusCode).toBe(200);
    expect(res.json().failure).toEqual([]);
    expect((await send("GET", "/flink-jobs")).json().items).toEqual([]);
  });
});
