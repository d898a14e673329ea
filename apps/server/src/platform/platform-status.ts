import type { PlatformComponent } from "../modules/shell/components-file.js";

export interface ComponentState {
  /** Its pods exist and are ready. */
  active: boolean;
  /** Active, but some pod restarts, fails or is not ready. */
  unhealthy: boolean;
}

export interface PlatformStatus {
  reachable: boolean;
  error: string | null;
  states: Map<string, ComponentState>;
}

/** Where component health comes from: the cluster the console watches. */
export interface PlatformStatusSource {
  readonly kind: "cluster" | "sandbox" | "none";
  status(components: PlatformComponent[]): Promise<PlatformStatus>;
}

/** Used when no cluster is configured and the sandbox is off: nothing is reported active. */
export class NoCluster implements PlatformStatusSource {
  readonly kind = "none" as const;
  async status(): Promise<PlatformStatus> {
    return { reachable: false, error: "No cluster is configured.", states: new Map() };
  }
}

/** The installed licence, as the shell and the component list need it. */
export interface LicenceCheck {
  /** Licensed components the current licence does not cover. */
  unlicensed(components: PlatformComponent[]): Promise<Set<string>>;
  verify(): Promise<{ valid: boolean; daysToExpiry: number }>;
}

/** Licensing off: nothing is unlicensed. Licensing on without a licence: every licensed component is. */
export class NoLicence implements LicenceCheck {
  constructor(private readonly licensingEnabled: boolean) {}
  async unlicensed(components: PlatformComponent[]): Promise<Set<string>> {
    if (!this.licensingEnabled) return new Set();
    return new Set(components.filter((c) => c.licensed).map((c) => c.key));
  }
  async verify(): Promise<{ valid: boolean; daysToExpiry: number }> {
    return { valid: false, daysToExpiry: 0 };
  }
}

/** Editing needs a valid licence when licensing is on; with licensing off it is always allowed. */
export async function licenceAllowsEditing(licensingEnabled: boolean, licence: LicenceCheck): Promise<boolean> {
  if (!licensingEnabled) return true;
  return (await licence.verify()).valid;
}
