import Fastify from "fastify";
import { auditRoutes } from "./audit-routes.js";
import { tagRoutes } from "./routes.js";

export interface NotebookSim {
  url: string;
  /** Tags the data catalogue no longer has (tests of deleted tags). */
  removeTag(name: string): void;
  stop(): Promise<void>;
}

/** The notebook service of the data catalogue (its /ds/ API). */
export async function startNotebookSim(opts: { port?: number } = {}): Promise<NotebookSim> {
  const state = { removedTags: new Set<string>() };
  const app = Fastify({ logger: false });
  tagRoutes(app, state);
  auditRoutes(app);
  const url = await app.listen({ port: opts.port ?? 0, host: "127.0.0.1" });
  return { url, removeTag: (n) => void state.removedTags.add(n), stop: () => app.close() };
}
