import type { FastifyInstance } from "fastify";
import { fail } from "./api.js";
import { uidOf } from "./build.js";
import { R } from "./generate.js";
import type { KubeObject } from "./objects.js";
import type { ObjectStore } from "./store.js";

const NAMESPACE = "kube-node-lease";
/** The kubelet renews its lease every 10 s; `kubectl describe node` shows the last renewal. */
const RENEW_MS = 10_000;
/** Leases carry MicroTime: six fractional digits, which clients insist on. */
const microTime = (ms: number) => new Date(ms).toISOString().replace(/\.(\d{3})Z$/, ".$1000Z");

function nodeLease(node: KubeObject, now: number): KubeObject {
  const name = node.metadata.name;
  return {
    apiVersion: "coordination.k8s.io/v1",
    kind: "Lease",
    metadata: {
      name,
      namespace: NAMESPACE,
      uid: uidOf("Lease", NAMESPACE, name),
      resourceVersion: node.metadata.resourceVersion,
      creationTimestamp: node.metadata.creationTimestamp,
      ownerReferences: [{ apiVersion: "v1", kind: "Node", name, uid: node.metadata.uid, controller: false }],
    },
    spec: {
      holderIdentity: name,
      leaseDurationSeconds: 40,
      renewTime: microTime(now - (now % RENEW_MS)),
      acquireTime: microTime(Date.parse(node.metadata.creationTimestamp)),
    },
  };
}

/** Each node's heartbeat lease in kube-node-lease, made from the node when asked. */
export function registerNodeLeases(app: FastifyInstance, store: ObjectStore): void {
  const prefix = "/apis/coordination.k8s.io/v1";
  const list = (namespace?: string) => ({
    kind: "LeaseList",
    apiVersion: "coordination.k8s.io/v1",
    metadata: { resourceVersion: store.resourceVersion },
    items: namespace && namespace !== NAMESPACE ? [] : store.list(R.nodes).map((n) => nodeLease(n, Date.now())),
  });
  app.get(`${prefix}/leases`, async () => list());
  app.get(`${prefix}/namespaces/:namespace/leases`, async (req) =>
    list((req.params as { namespace: string }).namespace),
  );
  app.get(`${prefix}/namespaces/:namespace/leases/:name`, async (req, reply) => {
    const { namespace, name } = req.params as { namespace: string; name: string };
    const node = namespace === NAMESPACE ? store.get(R.nodes, "", name) : undefined;
    if (!node) return fail(reply, 404, "NotFound", `leases.coordination.k8s.io "${name}" not found`);
    return nodeLease(node, Date.now());
  });
}
