import { describe, expect, it } from "vitest";
import { meta } from "../src/kubernetes/build.js";
import { progressJobs } from "../src/kubernetes/job-life.js";
import { FLINK_DEPLOYMENTS } from "../src/kubernetes/jobs.js";
import { Random } from "../src/kubernetes/random.js";
import { ObjectStore } from "../src/kubernetes/store.js";

/** A Flink deployment in `state` since `sinceMs`, as the sandbox seeds one. */
function flinkDeployment(store: ObjectStore, state: string, sinceMs: number): void {
  store.put(FLINK_DEPLOYMENTS, {
    apiVersion: "flink.apache.org/v1beta1",
    kind: "FlinkDeployment",
    metadata: meta("FlinkDeployment", "alerts-router", "flink", sinceMs),
    spec: { image: "flink:1.20", job: { parallelism: 2 } },
    status: {
      jobStatus: { jobName: "alerts_router", state, startTime: String(sinceMs), updateTime: String(sinceMs) },
      jobManagerDeploymentStatus: "DEPLOYING",
      lifecycleState: "DEPLOYED",
    },
  });
}

describe("the sandbox's Flink job life", () => {
  it("says which state a submitted job left when it starts running", () => {
    const store = new ObjectStore();
    const now = Date.UTC(2026, 10, 25, 10, 0, 0);
    flinkDeployment(store, "CREATED", now - 120_000);
    const events: string[] = [];
    progressJobs(store, new Random(7), now, (_about, type, reason, message) =>
      events.push(`${type} ${reason}: ${message}`),
    );
    expect(events).toContain("Normal JobStatusChanged: Job status changed from CREATED to RUNNING");
    expect(store.get(FLINK_DEPLOYMENTS, "flink", "alerts-router")!.status.jobStatus.state).toBe("RUNNING");
  });
});
