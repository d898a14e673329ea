import type { KubeObject } from "./objects.js";

/** How many changes are kept for watches that start from an earlier resource version. */
const RECENT = 2000;

export type WatchEvent = { type: "ADDED" | "MODIFIED" | "DELETED"; object: KubeObject };

/**
 * The simulated API server's objects, by resource (e.g. "pods", "apps/deployments"), kept
 * per namespace so namespaced lists stay quick at tens of thousands of pods. Every change
 * bumps the resource version and is told to watchers.
 */
export class ObjectStore {
  private readonly resources = new Map<string, Map<string, Map<string, KubeObject>>>();
  private readonly watchers = new Set<(resource: string, event: WatchEvent) => void>();
  private version = 1;
  /** The latest changes, so a watch from the resource version of a list misses nothing in between. */
  private readonly recent: Array<{ version: number; resource: string; event: WatchEvent }> = [];
  private forgottenUpTo = 0;

  get resourceVersion(): string {
    return String(this.version);
  }

  private bucket(resource: string, namespace: string): Map<string, KubeObject> {
    let byNs = this.resources.get(resource);
    if (!byNs) this.resources.set(resource, (byNs = new Map()));
    let objects = byNs.get(namespace);
    if (!objects) byNs.set(namespace, (objects = new Map()));
    return objects;
  }

  /** Adds or replaces an object; returns it with its new resource version. */
  put(resource: string, obj: KubeObject): KubeObject {
    const objects = this.bucket(resource, obj.metadata.namespace ?? "");
    const existed = objects.has(obj.metadata.name);
    obj.metadata.resourceVersion = String(++this.version);
    objects.set(obj.metadata.name, obj);
    this.emit(resource, { type: existed ? "MODIFIED" : "ADDED", object: obj });
    return obj;
  }

  /** Marks an object changed in place (status updates). */
  touch(resource: string, obj: KubeObject): void {
    obj.metadata.resourceVersion = String(++this.version);
    this.emit(resource, { type: "MODIFIED", object: obj });
  }

  remove(resource: string, namespace: string, name: string): KubeObject | undefined {
    const objects = this.resources.get(resource)?.get(namespace);
    const obj = objects?.get(name);
    if (!obj) return undefined;
    objects!.delete(name);
    this.version++;
    this.emit(resource, { type: "DELETED", object: obj });
    return obj;
  }

  get(resource: string, namespace: string, name: string): KubeObject | undefined {
    return this.resources.get(resource)?.get(namespace)?.get(name);
  }

  /** Every object of a resource, or those of one namespace. */
  list(resource: string, namespace?: string): KubeObject[] {
    const byNs = this.resources.get(resource);
    if (!byNs) return [];
    if (namespace !== undefined) return [...(byNs.get(namespace)?.values() ?? [])];
    const all: KubeObject[] = [];
    for (const objects of byNs.values()) for (const o of objects.values()) all.push(o);
    return all;
  }

  /** Whether the changes made since this version are still known (else a watch from it must list again). */
  canReplaySince(since: number): boolean {
    return since >= this.forgottenUpTo;
  }

  /** Tells `fn` every change from now on, after those made since version `since` when given. */
  watch(fn: (resource: string, event: WatchEvent) => void, since?: number): () => void {
    if (since !== undefined) for (const r of this.recent) if (r.version > since) fn(r.resource, r.event);
    this.watchers.add(fn);
    return () => void this.watchers.delete(fn);
  }

  private emit(resource: string, event: WatchEvent): void {
    this.recent.push({ version: this.version, resource, event });
    if (this.recent.length > RECENT) {
      const dropped = this.recent.splice(0, this.recent.length - RECENT);
      this.forgottenUpTo = dropped.at(-1)!.version;
    }
    for (const w of this.watchers) w(resource, event);
  }
}
