import type { FastifyBaseLogger, RouteOptions } from "fastify";
import type { Config } from "../config.js";
import type { EmbeddedIdp } from "../idp/index.js";
import type { PlatformComponent } from "../modules/shell/components-file.js";
import type { AccessControl } from "./access.js";
import type { Authenticator } from "./auth.js";
import type { CacheBus } from "./cache-bus.js";
import type { CacheRegistry } from "./cache-registry.js";
import type { Db } from "./db/index.js";
import type { Directory } from "./directory.js";
import type { ClusterCache } from "../modules/cluster/cache.js";
import type { KubeClients } from "./kubernetes.js";
import type { LicenceCheck, PlatformStatusSource } from "./platform-status.js";

/** The running sandbox, as the modules see it. */
export interface SandboxLink {
  urls: Record<string, string>;
  history?: Promise<void>;
}

/** What every module is given: the platform parts, wired once in buildApp. */
export interface Services {
  config: Config;
  db: Db;
  bus: CacheBus;
  directory: Directory;
  access: AccessControl;
  auth: Authenticator;
  idp: EmbeddedIdp | null;
  components: PlatformComponent[];
  platformStatus: PlatformStatusSource;
  /** The cluster's API clients, null when no cluster is configured and the sandbox is off. */
  kube: KubeClients | null;
  /** The cluster objects the screens read, kept in memory (null without a cluster). */
  clusterCache: ClusterCache | null;
  licence: LicenceCheck;
  log: FastifyBaseLogger;
  /**
   * The sandbox platform's parts by name (kubernetes, connect, ...), when it runs, and when the
   * history it posts at start (months of query events) has all been posted.
   */
  sandbox: SandboxLink | null;
  /** Every route registered, with its options (read after the app is ready). */
  routes: RouteOptions[];
  /** Work to stop on shutdown (timers, streams). */
  onClose(fn: () => Promise<void> | void): void;
  /** Caches other modules keep, cleared from settings (Trino metadata, insights). */
  caches: CacheRegistry;
}
