import path from "node:path";
import type { SandboxPart } from "../part.js";
import { startConnectWorker } from "./worker.js";

export { startConnectWorker, type ConnectWorker, type ConnectWorkerOptions } from "./worker.js";

/**
 * Kafka Connect with the Debezium SQL Server plugin. A running task fails about once in half an
 * hour on average (never in its first two minutes), so the console's failure paths have
 * something to show; quiet sandboxes (tests) never fail on their own.
 */
export const connectPart: SandboxPart = {
  name: "connect",
  async start(options) {
    const worker = await startConnectWorker({
      dataDir: path.join(options.dataDir, "connect"),
      examples: !options.quiet,
      failureChance: options.quiet ? 0 : 5 / 1800,
      failureTickMs: 5000,
      failureGraceMs: 120_000,
    });
    return { url: worker.url, stop: () => worker.stop() };
  },
};
