import type { SandboxPart } from "../part.js";
import { startTrinoSim } from "./server.js";

export { simulatedStats, startTrinoSim, type SimStats, type TrinoSim, type TrinoSimOptions } from "./server.js";
export { CATALOGUE, type SimTable, type SimColumn } from "./catalogue.js";

/** Trino's client protocol for the metadata the policy screens read (information_schema). */
export const trinoPart: SandboxPart = {
  name: "trino",
  async start() {
    const sim = await startTrinoSim();
    return { url: sim.url, stop: () => sim.stop() };
  },
};
