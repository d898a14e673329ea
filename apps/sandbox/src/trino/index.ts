import type { SandboxPart } from "../part.js";
import { startRulesPoller } from "./rules-poller.js";
import { startTrinoSim } from "./server.js";

export { simulatedStats, startTrinoSim, type SimStats, type TrinoSim, type TrinoSimOptions } from "./server.js";
export { CATALOGUE, type SimTable, type SimColumn } from "./catalogue.js";
export { startRulesPoller, type RulesPoller, type RulesState } from "./rules-poller.js";

/** How often the sandbox's Trino reloads the rules (`security.refresh-period`). */
const RULES_REFRESH_MS = 30_000;

/** Trino's client protocol for the metadata the policy screens read (information_schema). */
export const trinoPart: SandboxPart = {
  name: "trino",
  async start(options) {
    const sim = await startTrinoSim();
    // Polls the console's rules with its token, as a Trino with file-based access control does.
    const rules = options.quiet
      ? null
      : startRulesPoller({
          url: `${options.consoleUrl}/trino/rules.json`,
          token: options.rulesToken ?? null,
          refreshMs: RULES_REFRESH_MS,
        });
    return {
      url: sim.url,
      stop: async () => {
        rules?.stop();
        await sim.stop();
      },
    };
  },
};
