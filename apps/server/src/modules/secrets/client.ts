import type { V1Secret } from "@kubernetes/client-node";
import type { Secret } from "@console/contracts";
import { UpstreamError } from "../../platform/errors.js";
import { apiStatus, inCluster, type KubeClients } from "../../platform/kubernetes.js";

/** Marks the Secrets the console made, so the list never shows the cluster's own. */
export const MANAGED_BY = { key: "app.kubernetes.io/managed-by", value: "platform-console" } as const;
const DESCRIPTION = "platform-console/description";
const UPDATED_AT = "platform-console/updated-at";
const UPDATED_BY = "platform-console/updated-by";
/** The data key holding the value. */
export const VALUE_KEY = "value";

export interface StoredSecret {
  secret: Secret;
  managed: boolean;
  raw: V1Secret;
}

const toSecret = (s: V1Secret): Secret => ({
  name: s.metadata?.name ?? "",
  description: s.metadata?.annotations?.[DESCRIPTION] ?? "",
  updated_at: s.metadata?.annotations?.[UPDATED_AT] ?? s.metadata?.creationTimestamp?.toISOString() ?? null,
  updated_by: s.metadata?.annotations?.[UPDATED_BY] ?? null,
});

/** The platform namespace's Secrets, through the same Kubernetes client as every cluster call. */
export class SecretsClient {
  constructor(
    private readonly kube: KubeClients | null,
    private readonly namespace: string,
  ) {}

  private get core() {
    if (!this.kube) throw new UpstreamError("The cluster", "no Kubernetes cluster is configured.", 503);
    return this.kube.core;
  }

  async list(): Promise<Secret[]> {
    const core = this.core;
    const list = await inCluster(() =>
      core.listNamespacedSecret({
        namespace: this.namespace,
        labelSelector: `${MANAGED_BY.key}=${MANAGED_BY.value}`,
      }),
    );
    return list.items.map(toSecret);
  }

  /** The Secret of this name, or null; its value stays here. */
  async find(name: string): Promise<StoredSecret | null> {
    const core = this.core;
    try {
      const raw = await core.readNamespacedSecret({ name, namespace: this.namespace });
      return { secret: toSecret(raw), managed: raw.metadata?.labels?.[MANAGED_BY.key] === MANAGED_BY.value, raw };
    } catch (err) {
      if (apiStatus(err) === 404) return null;
      return inCluster(() => Promise.reject(err));
    }
  }

  async create(input: { name: string; description: string; value: string; by: string }): Promise<void> {
    const core = this.core;
    await inCluster(() =>
      core.createNamespacedSecret({
        namespace: this.namespace,
        body: {
          apiVersion: "v1",
          kind: "Secret",
          type: "Opaque",
          metadata: {
            name: input.name,
            namespace: this.namespace,
            labels: { [MANAGED_BY.key]: MANAGED_BY.value },
            annotations: {
              [DESCRIPTION]: input.description,
              [UPDATED_AT]: new Date().toISOString(),
              [UPDATED_BY]: input.by,
            },
          },
          data: { [VALUE_KEY]: Buffer.from(input.value, "utf8").toString("base64") },
        },
      }),
    );
  }

  /** Replaces description and, when given, the value; the resource version guards a concurrent change. */
  async update(current: V1Secret, input: { description: string; value?: string; by: string }): Promise<void> {
    const core = this.core;
    const body: V1Secret = {
      ...current,
      metadata: {
        ...current.metadata,
        annotations: {
          ...current.metadata?.annotations,
          [DESCRIPTION]: input.description,
          [UPDATED_AT]: new Date().toISOString(),
          [UPDATED_BY]: input.by,
        },
      },
      data:
        input.value === undefined
          ? current.data
          : { ...current.data, [VALUE_KEY]: Buffer.from(input.value, "utf8").toString("base64") },
    };
    await inCluster(() =>
      core.replaceNamespacedSecret({ name: current.metadata!.name!, namespace: this.namespace, body }),
    );
  }

  async remove(name: string): Promise<void> {
    const core = this.core;
    await inCluster(() => core.deleteNamespacedSecret({ name, namespace: this.namespace }));
  }
}
