import type { KeyObject } from "node:crypto";
import type { CacheBus } from "../../platform/cache-bus.js";
import type { Db } from "../../platform/db/index.js";
import type { LicenceCheck } from "../../platform/platform-status.js";
import type { PlatformComponent } from "../shell/components-file.js";
import { daysBetween, readLicence, todayUtc, type LicenceBody } from "./format.js";
import { activeLicenceText } from "./store.js";

/**
 * The licence in force, when licensing is on. Its signature is checked again whenever it is
 * loaded, so a row edited in the database counts as no licence. Reloaded after any upload or
 * withdrawal, here or on another replica.
 */
export class InstalledLicence implements LicenceCheck {
  private current: Promise<LicenceBody | null> | null = null;

  constructor(
    private readonly db: Db,
    private readonly publicKey: KeyObject,
    bus: CacheBus,
    private readonly now: () => Date = () => new Date(),
  ) {
    bus.on("licence", () => this.clear());
  }

  clear(): void {
    this.current = null;
  }

  private load(): Promise<LicenceBody | null> {
    const p = activeLicenceText(this.db).then((text) => {
      if (!text) return null;
      try {
        return readLicence(text, this.publicKey);
      } catch {
        return null;
      }
    });
    p.catch(() => {
      if (this.current === p) this.current = null;
    });
    return (this.current = p);
  }

  /** The licence in force and still within its dates, or null. */
  async inForce(): Promise<LicenceBody | null> {
    const l = await (this.current ?? this.load());
    if (!l) return null;
    const today = todayUtc(this.now());
    return l.issueDate <= today && today <= l.expiryDate ? l : null;
  }

  async unlicensed(components: PlatformComponent[]): Promise<Set<string>> {
    const l = await this.inForce();
    const covered = new Set(l?.components ?? []);
    return new Set(components.filter((c) => c.licensed && !covered.has(c.key)).map((c) => c.key));
  }

  async verify(): Promise<{ valid: boolean; daysToExpiry: number }> {
    const l = await (this.current ?? this.load());
    if (!l) return { valid: false, daysToExpiry: 0 };
    const today = todayUtc(this.now());
    const days = daysBetween(today, l.expiryDate);
    return { valid: days >= 0 && l.issueDate <= today, daysToExpiry: days };
  }
}
