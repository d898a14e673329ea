import type * as k8s from "@kubernetes/client-node";
import { HOST_CHART_WINDOW_MIN, OVERVIEW_DURATIONS_MIN, type UsageHistory } from "@console/contracts";
import type { FastifyBaseLogger } from "fastify";
import type { PlatformComponent } from "../shell/components-file.js";
import type { ClusterCache } from "./cache.js";
import type { MetricsReader } from "./metrics.js";
import { nodeView } from "./views.js";

interface Sample {
  at: number;
  cpu: number | null;
  memory: number | null;
}

/** A fixed number of the newest samples; the oldest drops off when it is full. */
export class Ring {
  private items: Sample[] = [];
  private next = 0;
  constructor(readonly size: number) {}
  push(s: Sample): void {
    if (this.items.length < this.size) this.items.push(s);
    else this.items[this.next] = s;
    this.next = (this.next + 1) % this.size;
  }
  /** Oldest first. */
  values(): Sample[] {
    return this.items.length < this.size
      ? [...this.items]
      : [...this.items.slice(this.next), ...this.items.slice(0, this.next)];
  }
}

type Requirement = (labels: Record<string, string>) => boolean;

/** Matches a label selector (k=v, k==v, k!=v, k, !k, k in (a,b), k notin (a,b)) as the API server does. */
export function labelMatcher(selector: string): Requirement {
  const parts = selector.match(/([^,(]+(\([^)]*\))?)/g) ?? [];
  const reqs: Requirement[] = parts
    .map((p) => p.trim())
    .filter(Boolean)
    .map((p) => {
      const set = /^(\S+)\s+(in|notin)\s*\(([^)]*)\)$/.exec(p);
      if (set) {
        const values = set[3]!.split(",").map((v) => v.trim());
        return set[2] === "in"
          ? (l) => set[1]! in l && values.includes(l[set[1]!]!)
          : (l) => !(set[1]! in l) || !values.includes(l[set[1]!]!);
      }
      const ne = /^([^!=]+)!=(.*)$/.exec(p);
      if (ne) return (l) => l[ne[1]!.trim()] !== ne[2]!.trim();
      const eq = /^([^!=]+)==?(.*)$/.exec(p);
      if (eq) return (l) => l[eq[1]!.trim()] === eq[2]!.trim();
      if (p.startsWith("!")) return (l) => !(p.slice(1).trim() in l);
      return (l) => p in l;
    });
  return (labels) => reqs.every((r) => r(labels));
}

/**
 * Usage over time for the charts. The metrics API (metrics-server) only knows the current
 * usage, so the console samples it at a fixed interval and keeps, in memory, the last
 * 180 minutes per component (summed over its pods) and the last 5 minutes per host. The
 * history starts when the console starts; a restart begins it again.
 */
export class UsageSampler {
  private readonly components = new Map<string, Ring>();
  private readonly hosts = new Map<string, Ring>();
  private readonly matchers: Array<{ c: PlatformComponent; match: Requirement }>;
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private metricsAvailable = false;
  private sampled = false;

  constructor(
    private readonly cache: ClusterCache,
    private readonly metrics: MetricsReader,
    components: ReadonlyArray<PlatformComponent>,
    readonly intervalMs: number,
    private readonly log: FastifyBaseLogger,
  ) {
    this.matchers = components
      .filter((c) => c.observable && !c.marketplace)
      .map((c) => ({ c, match: labelMatcher(c.selector) }));
  }

  private ringSize(minutes: number): number {
    return Math.ceil((minutes * 60_000) / this.intervalMs) + 1;
  }

  start(): void {
    if (this.timer) return;
    void this.sample();
    this.timer = setInterval(() => void this.sample(), this.intervalMs);
    this.timer.unref();
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }

  /** Takes one sample of every component and host; a cluster that cannot be read is skipped. */
  sample(): Promise<void> {
    this.running ??= this.take()
      .catch((err: unknown) => this.log.debug({ err }, "usage sample skipped: the cluster cannot be read"))
      .finally(() => (this.running = null));
    return this.running;
  }

  private async take(): Promise<void> {
    // Only the components' namespaces are read: a few small lists, not every pod of the cluster.
    const namespaces = [...new Set(this.matchers.map((m) => m.c.namespace))];
    const [nodes, nodeUsage, perNamespace] = await Promise.all([
      this.cache.nodes.list(),
      this.metrics.nodes(),
      Promise.all(
        namespaces.map(async (ns) => {
          const [pods, usage] = await Promise.all([this.cache.pods.list(ns), this.metrics.pods(ns)]);
          return { ns, pods, usage };
        }),
      ),
    ]);
    const at = Date.now();
    this.sampled = true;
    this.metricsAvailable = nodeUsage !== null && perNamespace.every((n) => n.usage !== null);
    const keep = (map: Map<string, Ring>, key: string, minutes: number, s: Sample) => {
      let ring = map.get(key);
      if (!ring) map.set(key, (ring = new Ring(this.ringSize(minutes))));
      ring.push(s);
    };
    const seen = new Set<string>();
    for (const n of nodes) {
      const name = n.metadata!.name!;
      seen.add(name);
      const usage = nodeUsage?.get(`/${name}`) ?? null;
      const view = usage ? nodeView(n, [], usage) : null;
      keep(this.hosts, name, HOST_CHART_WINDOW_MIN, {
        at,
        cpu: view?.cpu.usage ?? null,
        memory: view?.memory.usage ?? null,
      });
    }
    // Hosts that left the cluster take their history with them.
    for (const name of this.hosts.keys()) if (!seen.has(name)) this.hosts.delete(name);
    const longest = Math.max(...OVERVIEW_DURATIONS_MIN);
    for (const { c, match } of this.matchers) {
      const { pods, usage } = perNamespace.find((n) => n.ns === c.namespace)!;
      let cpu = 0;
      let memory = 0;
      for (const p of pods as ReadonlyArray<k8s.V1Pod>) {
        if (!match(p.metadata?.labels ?? {})) continue;
        const u = usage?.get(`${c.namespace}/${p.metadata?.name}`);
        if (!u) continue;
        cpu += u.cpu * 1000;
        memory += u.memory;
      }
      keep(this.components, c.key, longest, {
        at,
        cpu: usage ? Math.round(cpu) : null,
        memory: usage ? Math.round(memory) : null,
      });
    }
  }

  private history(ring: Ring | undefined, minutes: number): UsageHistory {
    const to = Date.now();
    const from = to - minutes * 60_000;
    return {
      intervalSeconds: Math.round(this.intervalMs / 1000),
      from: new Date(from).toISOString(),
      to: new Date(to).toISOString(),
      metricsAvailable: this.metricsAvailable,
      points: (ring?.values() ?? [])
        .filter((s) => s.at >= from)
        .map((s) => ({ at: new Date(s.at).toISOString(), cpu: s.cpu, memory: s.memory })),
    };
  }

  /** Starts sampling if it has not, and waits for the first sample. */
  private async ready(): Promise<void> {
    this.start();
    if (!this.sampled) await this.sample();
  }

  /** A component's millicores and bytes over the last minutes. */
  async component(key: string, minutes: number): Promise<UsageHistory> {
    await this.ready();
    return this.history(this.components.get(key), minutes);
  }

  /** A host's CPU and memory percent over the last five minutes. */
  async host(name: string): Promise<UsageHistory> {
    await this.ready();
    return this.history(this.hosts.get(name), HOST_CHART_WINDOW_MIN);
  }
}
