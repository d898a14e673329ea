import type { FastifyInstance } from "fastify";

/**
 * Once the server begins to close (SIGTERM), every answer still being given ends its
 * connection (`Connection: close`). Closing, Node.js ends only the connections idle at that
 * moment: one whose request was in flight would stay open after its answer for as long as the
 * client keeps it (a browser, minutes) and hold the shutdown until it is forced.
 */
export function closeConnectionsWhenDraining(app: FastifyInstance): void {
  let draining = false;
  app.addHook("preClose", async () => {
    draining = true;
  });
  app.addHook("onSend", async (_req, reply, payload) => {
    if (draining) reply.header("connection", "close");
    return payload;
  });
}
