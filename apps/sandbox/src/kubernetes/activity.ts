import { iso, meta } from "./build.js";
import { R } from "./generate.js";
import type { KubeObject } from "./objects.js";
import type { Random } from "./random.js";
import { progressJobs } from "./job-life.js";
import type { ObjectStore } from "./store.js";

let eventSeq = 0;

/** Records an event about an object, as the kubelet or a controller does. */
export function recordEvent(
  store: ObjectStore,
  about: KubeObject,
  type: "Normal" | "Warning",
  reason: string,
  message: string,
  source: { component: string; host?: string },
  at: number,
): void {
  const namespace = about.metadata.namespace ?? "default";
  const name = `${about.metadata.name}.${(0x17a0000000 + ++eventSeq * 7919).toString(16)}`;
  store.put(R.events, {
    apiVersion: "v1",
    kind: "Event",
    metadata: meta("Event", name, namespace, at),
    involvedObject: {
      kind: about.kind,
      namespace: about.metadata.namespace,
      name: about.metadata.name,
      uid: about.metadata.uid,
      apiVersion: about.apiVersion,
    },
    reason,
    message,
    source,
    firstTimestamp: iso(at),
    lastTimestamp: iso(at),
    count: 1,
    type,
  });
}

/** The events a cluster of this shape would have: restarts, pods waiting, jobs that failed. */
export function seedEvents(store: ObjectStore, now: number): void {
  for (const pod of store.list(R.pods)) {
    const statuses = pod.status.containerStatuses as Array<{
      name: string;
      restartCount: number;
      state: { waiting?: { reason: string } };
    }>;
    const host = { component: "kubelet", host: pod.spec.nodeName as string | undefined };
    for (const c of statuses) {
      if (c.state.waiting?.reason === "CrashLoopBackOff")
        recordEvent(
          store,
          pod,
          "Warning",
          "BackOff",
          `Back-off restarting failed container ${c.name} in pod ${pod.metadata.name}`,
          host,
          now - 60_000,
        );
      else if (c.restartCount > 0)
        recordEvent(
          store,
          pod,
          "Warning",
          "Unhealthy",
          `Liveness probe failed: HTTP probe failed with statuscode: 503`,
          host,
          now - 3_600_000,
        );
      if (c.state.waiting?.reason === "ContainerCreating")
        recordEvent(
          store,
          pod,
          "Normal",
          "Pulling",
          `Pulling image "${(pod.spec.containers as Array<{ image: string }>)[0]!.image}"`,
          host,
          now - 30_000,
        );
    }
    if (pod.status.phase === "Failed")
      recordEvent(
        store,
        pod,
        "Warning",
        "BackoffLimitExceeded",
        "Job has reached the specified backoff limit",
        { component: "job-controller" },
        Date.parse(pod.metadata.creationTimestamp) + 90_000,
      );
  }
  for (const node of store.list(R.nodes).slice(0, 3))
    recordEvent(
      store,
      node,
      "Normal",
      "NodeReady",
      `Node ${node.metadata.name} status is now: NodeReady`,
      { component: "kubelet", host: node.metadata.name },
      now - 86_400_000,
    );
}

/** Moves the Spark and Flink jobs on to the given time, with the operators' events. */
export function advanceJobs(store: ObjectStore, rnd: Random, now: number): void {
  progressJobs(store, rnd, now, (about, type, reason, message) =>
    recordEvent(store, about, type, reason, message, { component: `${about.kind.toLowerCase()}-operator` }, now),
  );
}

/**
 * Life in a running cluster: now and then a team's pod restarts (out of memory), with its
 * warning event. Returns the stopper.
 */
export function startActivity(store: ObjectStore, rnd: Random, everyMs = 20_000): () => void {
  const timer = setInterval(() => {
    advanceJobs(store, rnd, Date.now());
    const pods = store.list(R.pods).filter((p) => p.metadata.labels?.team && p.status.phase === "Running");
    if (pods.length === 0) return;
    const pod = rnd.pick(pods);
    const now = Date.now();
    const c = pod.status.containerStatuses[0];
    c.lastState = {
      terminated: { exitCode: 137, reason: "OOMKilled", startedAt: c.state.running?.startedAt, finishedAt: iso(now) },
    };
    c.restartCount += 1;
    c.state = { running: { startedAt: iso(now + 2000) } };
    store.touch(R.pods, pod);
    recordEvent(
      store,
      pod,
      "Warning",
      "BackOff",
      `Back-off restarting failed container ${c.name} in pod ${pod.metadata.name}`,
      { component: "kubelet", host: pod.spec.nodeName },
      now,
    );
  }, everyMs);
  timer.unref();
  return () => clearInterval(timer);
}
