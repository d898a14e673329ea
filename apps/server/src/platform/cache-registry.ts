import type { CacheBus } from "./cache-bus.js";

/** Caches that other modules own and settings clears: Trino metadata (lookups) and insights. */
export type ClearableCache = "trino-metadata" | "insights";

type Clear = () => void | Promise<void>;

export interface ClearOutcome {
  cleared: string[];
  failed: Array<{ name: string; reason: string }>;
}

/**
 * Where a module registers a cache it keeps (the policy lookups' catalogs, the insights
 * figures) so that the cache-management card can clear it, here and on every replica.
 */
export class CacheRegistry {
  private readonly entries = new Map<ClearableCache, Map<string, Clear>>();
  private clearingHere = false;

  constructor(
    private readonly bus: CacheBus,
    private readonly onError: (err: unknown, name: string) => void = () => undefined,
  ) {
    for (const kind of ["trino-metadata", "insights"] as const)
      bus.on(kind, () => {
        // Another replica asked: clear ours. (Our own request already cleared them.)
        if (!this.clearingHere) void this.runAll(kind);
      });
  }

  /** `name` says what it is, e.g. "policy lookups"; registering a name again replaces it. */
  register(kind: ClearableCache, name: string, clear: Clear): void {
    let m = this.entries.get(kind);
    if (!m) this.entries.set(kind, (m = new Map()));
    m.set(name, clear);
  }

  names(kind: ClearableCache): string[] {
    return [...(this.entries.get(kind)?.keys() ?? [])];
  }

  /**
   * Clears every cache of `kind` here, then tells the other replicas. Returns the names cleared
   * and those whose clearing (a recompute, for insights) failed, with why.
   */
  async clear(kind: ClearableCache): Promise<ClearOutcome> {
    const outcome = await this.runAll(kind);
    this.clearingHere = true;
    const told = this.bus.publish(kind);
    this.clearingHere = false;
    await told;
    return outcome;
  }

  private async runAll(kind: ClearableCache): Promise<ClearOutcome> {
    const cleared: string[] = [];
    const failed: ClearOutcome["failed"] = [];
    for (const [name, clear] of this.entries.get(kind) ?? []) {
      try {
        await clear();
        cleared.push(name);
      } catch (err) {
        this.onError(err, name);
        failed.push({ name, reason: err instanceof Error ? err.message : String(err) });
      }
    }
    return { cleared, failed };
  }
}
