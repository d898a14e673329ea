import { iso, meta } from "./build.js";
import type { KubeObject } from "./objects.js";
import type { Random } from "./random.js";
import type { ObjectStore } from "./store.js";

export const SPARK_APPS = "sparkoperator.k8s.io/sparkapplications";
export const FLINK_DEPLOYMENTS = "flink.apache.org/flinkdeployments";

type AddPods = (
  namespace: string,
  owner: { kind: string; name: string; apiVersion: string },
  names: string[],
  labels: Record<string, string>,
  containers: Array<{ name: string; image: string; port?: number }>,
  opts: { healthy?: boolean; phase?: "Pending" | "Running" | "Succeeded" | "Failed"; createdMs: number },
) => void;

const SPARK_STATES = ["RUNNING", "RUNNING", "COMPLETED", "COMPLETED", "FAILED", "SUBMITTED", "RUNNING", "COMPLETED"];
const FLINK_STATES = ["RUNNING", "RUNNING", "FINISHED", "FAILED", "CREATED", "RUNNING"];
const SPARK_NAMES = [
  "daily-sales-etl",
  "customer-churn-features",
  "clickstream-sessionize",
  "inventory-snapshot",
  "fraud-scoring",
  "ledger-reconcile",
  "orders-compaction",
  "marketing-attribution",
];
const FLINK_NAMES = [
  "payments-stream",
  "sensor-aggregation",
  "orders-cdc-sink",
  "session-windows",
  "alerts-router",
  "metrics-rollup",
];

const podPhase = (state: string) =>
  state === "RUNNING"
    ? "Running"
    : state === "COMPLETED" || state === "FINISHED"
      ? "Succeeded"
      : state === "FAILED"
        ? "Failed"
        : "Pending";

/** Spark applications and Flink deployments in their namespaces, each with its pods. */
export function generateJobs(
  store: ObjectStore,
  rnd: Random,
  now: number,
  addPods: AddPods,
  budget: () => number,
): void {
  SPARK_NAMES.forEach((name, i) => {
    if (budget() <= 0) return;
    const state = SPARK_STATES[i % SPARK_STATES.length]!;
    const created = now - rnd.int(5, 240) * 60_000;
    const done = state === "COMPLETED" || state === "FAILED";
    const labels = { "sparkoperator.k8s.io/app-name": name, "sparkoperator.k8s.io/launched-by-spark-operator": "true" };
    store.put(SPARK_APPS, {
      apiVersion: "sparkoperator.k8s.io/v1beta2",
      kind: "SparkApplication",
      metadata: meta("SparkApplication", name, "spark", created),
      spec: {
        type: "Scala",
        mode: "cluster",
        image: "apache/spark:3.5.3",
        mainClass: `com.example.${name.replace(/-/g, "_")}.Main`,
        sparkVersion: "3.5.3",
        driver: { cores: 1, memory: "2g" },
        executor: { cores: 2, instances: 2, memory: "4g" },
      },
      status: {
        applicationState: {
          state,
          ...(state === "FAILED" ? { errorMessage: "driver container failed with ExitCode: 1, Reason: Error" } : {}),
        },
        sparkApplicationId: `spark-${rnd.suffix(12)}`,
        submissionAttempts: 1,
        submissionTime: iso(created),
        lastSubmissionAttemptTime: iso(created),
        ...(done ? { terminationTime: iso(created + rnd.int(3, 40) * 60_000) } : {}),
        driverInfo: {
          podName: `${name}-driver`,
          webUIServiceName: `${name}-ui-svc`,
          webUIPort: 4040,
          webUIAddress: `10.96.${rnd.int(0, 255)}.${rnd.int(2, 254)}:4040`,
        },
        executorState: state === "RUNNING" ? { [`${name}-exec-1`]: "RUNNING", [`${name}-exec-2`]: "RUNNING" } : {},
      },
    });
    if (state === "SUBMITTED") return;
    const owner = { apiVersion: "sparkoperator.k8s.io/v1beta2", kind: "SparkApplication", name };
    addPods(
      "spark",
      owner,
      [`${name}-driver`],
      { ...labels, "spark-role": "driver" },
      [{ name: "spark-kubernetes-driver", image: "apache/spark:3.5.3", port: 4040 }],
      { healthy: true, phase: podPhase(state), createdMs: created },
    );
    if (state === "RUNNING")
      addPods(
        "spark",
        owner,
        [`${name}-exec-1`, `${name}-exec-2`],
        { ...labels, "spark-role": "executor" },
        [{ name: "spark-kubernetes-executor", image: "apache/spark:3.5.3" }],
        { healthy: true, createdMs: created + 20_000 },
      );
  });
  FLINK_NAMES.forEach((name, i) => {
    if (budget() <= 0) return;
    const state = FLINK_STATES[i % FLINK_STATES.length]!;
    const created = now - rnd.int(30, 2000) * 60_000;
    store.put(FLINK_DEPLOYMENTS, {
      apiVersion: "flink.apache.org/v1beta1",
      kind: "FlinkDeployment",
      metadata: meta("FlinkDeployment", name, "flink", created),
      spec: {
        image: "flink:1.20",
        flinkVersion: "v1_20",
        serviceAccount: "flink",
        jobManager: { resource: { memory: "2048m", cpu: 1 } },
        taskManager: { resource: { memory: "4096m", cpu: 2 } },
        job: { jarURI: `local:///opt/flink/usrlib/${name}.jar`, parallelism: 2, upgradeMode: "savepoint" },
      },
      status: {
        jobStatus: {
          jobName: name.replace(/-/g, "_"),
          jobId: rnd.suffix(16),
          state,
          startTime: String(created),
          updateTime: String(state === "FINISHED" || state === "FAILED" ? created + rnd.int(5, 25) * 60_000 : created),
        },
        jobManagerDeploymentStatus: state === "CREATED" ? "DEPLOYING" : "READY",
        lifecycleState: state === "RUNNING" ? "STABLE" : state === "FAILED" ? "FAILED" : "DEPLOYED",
      },
    });
    if (state === "CREATED") return;
    const owner = { apiVersion: "apps/v1", kind: "ReplicaSet", name: `${name}-jm` };
    const labels = { app: name, type: "flink-native-kubernetes" };
    const phase = podPhase(state);
    addPods(
      "flink",
      owner,
      [`${name}-${rnd.suffix(9)}-${rnd.suffix(5)}`],
      { ...labels, component: "jobmanager" },
      [{ name: "flink-main-container", image: "flink:1.20", port: 8081 }],
      { healthy: true, phase, createdMs: created },
    );
    if (state === "RUNNING")
      addPods(
        "flink",
        { apiVersion: "v1", kind: "Pod", name },
        [`${name}-taskmanager-1-1`],
        { ...labels, component: "taskmanager" },
        [{ name: "flink-main-container", image: "flink:1.20" }],
        { healthy: true, createdMs: created + 30_000 },
      );
    // The job manager's REST service, which the web UI goes through.
    store.put("services", {
      apiVersion: "v1",
      kind: "Service",
      metadata: meta("Service", `${name}-rest`, "flink", created, labels),
      spec: {
        type: "ClusterIP",
        selector: { ...labels, component: "jobmanager" },
        ports: [{ name: "rest", port: 8081, targetPort: 8081, protocol: "TCP" }],
      },
    });
  });
}

/** Deletes a job object with its pods, as the operators' garbage collection does. */
export function deleteJob(
  store: ObjectStore,
  resource: string,
  namespace: string,
  name: string,
): KubeObject | undefined {
  const removed = store.remove(resource, namespace, name);
  if (!removed) return undefined;
  const mine = (p: KubeObject) =>
    p.metadata.labels?.["sparkoperator.k8s.io/app-name"] === name || p.metadata.labels?.app === name;
  for (const p of store.list("pods", namespace).filter(mine)) store.remove("pods", namespace, p.metadata.name);
  return removed;
}
