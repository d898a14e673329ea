import type { SandboxPart } from "../part.js";
import { startNotebookSim } from "./server.js";

export { startNotebookSim, type NotebookSim } from "./server.js";

/** The data catalogue's notebook service: tags and glossary terms of tables and columns. */
export const notebookPart: SandboxPart = {
  name: "notebook",
  async start() {
    const sim = await startNotebookSim();
    return { url: sim.url, stop: () => sim.stop() };
  },
};
