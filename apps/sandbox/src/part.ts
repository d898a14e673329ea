export interface SandboxOptions {
  /** Folder where parts keep state across restarts. */
  dataDir: string;
  /** The console's own address, for generators that post events to its ingest endpoints. */
  consoleUrl: string;
  /** Shared tokens for the console's ingest endpoints, keyed by source (trino, minio). */
  ingestTokens: Record<string, string>;
  /** The token the console's Trino rules URL requires; null when it serves them anonymously. */
  rulesToken?: string | null;
  /** Size of the simulated cluster (for benchmarks). */
  nodes?: number;
  pods?: number;
  /** Random seed, so that tests see the same platform each run. */
  seed?: number;
  /** Turn off background generators (tests drive the sandbox themselves). */
  quiet?: boolean;
}

export interface SandboxPartHandle {
  url: string;
  /** Settles once the part has posted the history it keeps to the console (parts that post some). */
  history?: Promise<void>;
  stop(): Promise<void>;
}

export interface SandboxPart {
  name: string;
  start(options: SandboxOptions): Promise<SandboxPartHandle>;
}
