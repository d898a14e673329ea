import type { Db } from "./db/index.js";

const CHANNEL = "console_cache";

export type CacheTopic =
  "users" | "access" | "sessions" | "settings" | "components" | "licence" | "policies" | "trino-metadata" | "insights";

/**
 * Tells every replica that cached data changed. Local listeners run at once; other
 * processes on the same PostgreSQL hear it through LISTEN/NOTIFY.
 */
export class CacheBus {
  private readonly listeners = new Map<CacheTopic, Set<() => void>>();
  private unlisten: (() => Promise<void>) | null = null;
  private readonly origin = Math.random().toString(36).slice(2);

  constructor(private readonly db: Db) {}

  async start(): Promise<void> {
    this.unlisten = await this.db.listen(CHANNEL, (payload) => {
      const [origin, topic] = payload.split(":");
      if (origin !== this.origin) this.fire(topic as CacheTopic);
    });
  }

  async stop(): Promise<void> {
    await this.unlisten?.();
  }

  on(topic: CacheTopic, fn: () => void): void {
    let set = this.listeners.get(topic);
    if (!set) this.listeners.set(topic, (set = new Set()));
    set.add(fn);
  }

  /** Invalidates `topic` here and on every other replica. */
  async publish(topic: CacheTopic): Promise<void> {
    this.fire(topic);
    await this.db.notify(CHANNEL, `${this.origin}:${topic}`).catch(() => undefined);
  }

  private fire(topic: CacheTopic): void {
    for (const fn of this.listeners.get(topic) ?? []) fn();
  }
}
