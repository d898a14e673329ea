import { iso, meta, podObject } from "./build.js";
import { R } from "./generate.js";
import { deleteJob, FLINK_DEPLOYMENTS, SPARK_APPS } from "./jobs.js";
import type { KubeObject } from "./objects.js";
import type { Random } from "./random.js";
import type { ObjectStore } from "./store.js";

/** Reports a change the way a controller does, as an event about the object. */
export type Report = (about: KubeObject, type: "Normal" | "Warning", reason: string, message: string) => void;

/**
 * Each running Spark application's planned end and outcome, by uid. Kept by the simulator
 * and out of the objects: the operator's API has no such fields, and `kubectl describe`
 * must not tell how a running job will end.
 */
const plans = new WeakMap<ObjectStore, Map<string, { endsAt: number; outcome: "FAILED" | "COMPLETED" }>>();

function planOf(store: ObjectStore, app: KubeObject, rnd: Random, now: number) {
  let byUid = plans.get(store);
  if (!byUid) plans.set(store, (byUid = new Map()));
  let plan = byUid.get(app.metadata.uid);
  if (!plan) {
    plan = {
      endsAt: now + rnd.int(2, 10) * 60_000,
      outcome: rnd.chance(SPARK_FAILURE_RATE) ? "FAILED" : "COMPLETED",
    };
    byUid.set(app.metadata.uid, plan);
  }
  return plan;
}

/** Spark applications submitted again on a schedule, as a ScheduledSparkApplication would. */
export const SCHEDULED_SPARK = ["daily-sales-etl", "clickstream-sessionize", "fraud-scoring", "ledger-reconcile"];
/** How often a scheduled application is submitted again. */
export const SPARK_SCHEDULE_MS = 4 * 60_000;
/** Finished scheduled runs kept before the oldest is cleaned up. */
export const SPARK_RUNS_KEPT = 8;
/** Share of Spark runs that fail. */
export const SPARK_FAILURE_RATE = 0.3;

const SUBMIT_DELAY_MS = 30_000;
const FLINK_RESTART_RATE = 0.06;
const FLINK_RESTART_MS = 20_000;
const FLINK_REDEPLOY_MS = 3 * 60_000;

/** When each cluster last submitted a scheduled run. */
const lastSchedule = new WeakMap<ObjectStore, number>();

const workers = (store: ObjectStore) =>
  store.list(R.nodes).filter((n) => !("node-role.kubernetes.io/control-plane" in (n.metadata.labels ?? {})));

function startPod(
  store: ObjectStore,
  rnd: Random,
  now: number,
  shape: {
    namespace: string;
    name: string;
    labels: Record<string, string>;
    owner: { apiVersion: string; kind: string; name: string };
    container: { name: string; image: string; port?: number };
  },
): void {
  const node = rnd.pick(workers(store));
  const ip = node?.status.addresses?.find((a: { type: string }) => a.type === "InternalIP")?.address ?? null;
  store.put(
    R.pods,
    podObject({
      namespace: shape.namespace,
      name: shape.name,
      labels: shape.labels,
      owner: shape.owner,
      node: node?.metadata.name ?? null,
      hostIP: ip,
      podIP: `10.244.${rnd.int(0, 255)}.${rnd.int(2, 254)}`,
      containers: [shape.container],
      phase: "Running",
      ready: true,
      restarts: 0,
      createdMs: now - 4000,
      cpuMillis: rnd.pick([500, 1000, 2000]),
      memoryMi: rnd.pick([1024, 2048, 4096]),
    }),
  );
}

/** Ends a pod's containers as the kubelet reports it: Succeeded or Failed, not ready. */
function finishPod(store: ObjectStore, pod: KubeObject, phase: "Succeeded" | "Failed", now: number): void {
  pod.status.phase = phase;
  for (const c of pod.status.conditions ?? [])
    if (c.type === "Ready" || c.type === "ContainersReady") c.status = "False";
  for (const c of pod.status.containerStatuses ?? []) {
    c.ready = false;
    c.started = false;
    c.state = {
      terminated: {
        exitCode: phase === "Failed" ? 1 : 0,
        reason: phase === "Failed" ? "Error" : "Completed",
        startedAt: c.state?.running?.startedAt ?? pod.status.startTime,
        finishedAt: iso(now),
      },
    };
  }
  store.touch(R.pods, pod);
}

const podsOf = (store: ObjectStore, namespace: string, label: string, value: string) =>
  store.list(R.pods, namespace).filter((p) => p.metadata.labels?.[label] === value);

function sparkLife(store: ObjectStore, rnd: Random, now: number, report: Report): void {
  for (const app of store.list(SPARK_APPS)) {
    const state = app.status.applicationState.state as string;
    const name = app.metadata.name;
    const ns = app.metadata.namespace!;
    const since = Date.parse(app.status.lastSubmissionAttemptTime);
    if (state === "SUBMITTED" && now - since > SUBMIT_DELAY_MS) {
      app.status.applicationState = { state: "RUNNING" };
      app.status.executorState = { [`${name}-exec-1`]: "RUNNING", [`${name}-exec-2`]: "RUNNING" };
      const labels = {
        "sparkoperator.k8s.io/app-name": name,
        "sparkoperator.k8s.io/launched-by-spark-operator": "true",
      };
      const owner = { apiVersion: "sparkoperator.k8s.io/v1beta2", kind: "SparkApplication", name };
      const image = app.spec.image as string;
      if (!store.get(R.pods, ns, `${name}-driver`))
        startPod(store, rnd, now, {
          namespace: ns,
          name: `${name}-driver`,
          labels: { ...labels, "spark-role": "driver" },
          owner,
          container: { name: "spark-kubernetes-driver", image, port: 4040 },
        });
      for (const e of [1, 2])
        startPod(store, rnd, now, {
          namespace: ns,
          name: `${name}-exec-${e}`,
          labels: { ...labels, "spark-role": "executor" },
          owner,
          container: { name: "spark-kubernetes-executor", image },
        });
      store.touch(SPARK_APPS, app);
      report(app, "Normal", "SparkDriverRunning", `Driver ${name}-driver is running`);
    } else if (state === "RUNNING") {
      const plan = planOf(store, app, rnd, now);
      if (now < plan.endsAt) continue;
      plans.get(store)!.delete(app.metadata.uid);
      const failed = plan.outcome === "FAILED";
      app.status.applicationState = failed
        ? { state: "FAILED", errorMessage: "driver container failed with ExitCode: 1, Reason: Error" }
        : { state: "COMPLETED" };
      app.status.terminationTime = iso(now);
      app.status.executorState = {};
      store.touch(SPARK_APPS, app);
      for (const p of podsOf(store, ns, "sparkoperator.k8s.io/app-name", name)) {
        if (p.metadata.labels?.["spark-role"] === "executor") store.remove(R.pods, ns, p.metadata.name);
        else finishPod(store, p, failed ? "Failed" : "Succeeded", now);
      }
      if (failed) report(app, "Warning", "SparkApplicationFailed", `SparkApplication ${name} failed: driver exited 1`);
      else report(app, "Normal", "SparkApplicationCompleted", `SparkApplication ${name} completed`);
    }
  }
  if (now - (lastSchedule.get(store) ?? 0) < SPARK_SCHEDULE_MS) return;
  lastSchedule.set(store, now);
  const base = store.get(SPARK_APPS, "spark", rnd.pick(SCHEDULED_SPARK));
  if (!base) return;
  const name = `${base.metadata.name}-${Math.floor(now / 60_000).toString(36)}`;
  if (store.get(SPARK_APPS, "spark", name)) return;
  store.put(SPARK_APPS, {
    ...base,
    metadata: meta("SparkApplication", name, "spark", now, { "sandbox.platform/run-of": base.metadata.name }),
    status: {
      applicationState: { state: "SUBMITTED" },
      sparkApplicationId: `spark-${rnd.suffix(12)}`,
      submissionAttempts: 1,
      submissionTime: iso(now),
      lastSubmissionAttemptTime: iso(now),
      driverInfo: { ...base.status.driverInfo, podName: `${name}-driver`, webUIServiceName: `${name}-ui-svc` },
      executorState: {},
    },
  });
  report(store.get(SPARK_APPS, "spark", name)!, "Normal", "SparkApplicationSubmitted", `${name} was submitted`);
  // Old finished runs are cleaned up, as the operator's time-to-live does.
  const runs = store
    .list(SPARK_APPS, "spark")
    .filter((a) => a.metadata.labels?.["sandbox.platform/run-of"] && a.status.terminationTime)
    .sort((a, b) => a.metadata.creationTimestamp!.localeCompare(b.metadata.creationTimestamp!));
  for (const old of runs.slice(0, Math.max(0, runs.length - SPARK_RUNS_KEPT)))
    deleteJob(store, SPARK_APPS, "spark", old.metadata.name);
}

function flinkLife(store: ObjectStore, rnd: Random, now: number, report: Report): void {
  for (const d of store.list(FLINK_DEPLOYMENTS)) {
    const job = d.status.jobStatus;
    const name = d.metadata.name;
    const ns = d.metadata.namespace!;
    const since = Number(job.updateTime ?? job.startTime);
    const set = (state: string, lifecycle: string) => {
      job.state = state;
      job.updateTime = String(now);
      d.status.lifecycleState = lifecycle;
      store.touch(FLINK_DEPLOYMENTS, d);
    };
    const deploy = () => {
      for (const p of podsOf(store, ns, "app", name)) store.remove(R.pods, ns, p.metadata.name);
      const labels = { app: name, type: "flink-native-kubernetes" };
      const image = d.spec.image as string;
      startPod(store, rnd, now, {
        namespace: ns,
        name: `${name}-${rnd.suffix(9)}-${rnd.suffix(5)}`,
        labels: { ...labels, component: "jobmanager" },
        owner: { apiVersion: "apps/v1", kind: "ReplicaSet", name: `${name}-jm` },
        container: { name: "flink-main-container", image, port: 8081 },
      });
      startPod(store, rnd, now, {
        namespace: ns,
        name: `${name}-taskmanager-1-1`,
        labels: { ...labels, component: "taskmanager" },
        owner: { apiVersion: "v1", kind: "Pod", name },
        container: { name: "flink-main-container", image },
      });
      d.status.jobManagerDeploymentStatus = "READY";
      if (!job.startTime || job.state !== "RUNNING") job.startTime = String(now);
    };
    if ((job.state === "CREATED" || job.state === "RECONCILING") && now - since > SUBMIT_DELAY_MS) {
      const from = job.state;
      deploy();
      set("RUNNING", "STABLE");
      report(d, "Normal", "JobStatusChanged", `Job status changed from ${from} to RUNNING`);
    } else if (job.state === "RUNNING" && rnd.chance(FLINK_RESTART_RATE)) {
      const tm = podsOf(store, ns, "app", name).find((p) => p.metadata.labels?.component === "taskmanager");
      if (tm) {
        tm.status.containerStatuses[0].restartCount += 1;
        store.touch(R.pods, tm);
      }
      set("RESTARTING", "STABLE");
      report(d, "Warning", "JobStatusChanged", "Job status changed from RUNNING to RESTARTING: task manager lost");
    } else if (job.state === "RESTARTING" && now - since > FLINK_RESTART_MS) {
      set("RUNNING", "STABLE");
      report(d, "Normal", "JobStatusChanged", "Job status changed from RESTARTING to RUNNING");
    } else if (job.state === "FAILED" && now - since > FLINK_REDEPLOY_MS) {
      d.status.jobManagerDeploymentStatus = "DEPLOYING";
      set("RECONCILING", "UPGRADING");
      report(d, "Normal", "Submit", "Redeploying the failed job from its last savepoint");
    }
  }
}

/**
 * Life of the jobs: Spark applications are submitted on a schedule, run for a few minutes
 * and complete or fail; Flink deployments start, restart now and then, and failed ones are
 * redeployed.
 */
export function progressJobs(store: ObjectStore, rnd: Random, now: number, report: Report): void {
  sparkLife(store, rnd, now, report);
  flinkLife(store, rnd, now, report);
}
