import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance, FastifyRequest } from "fastify";

/** Paths owned by the API and the sign-in service: never answered with the web app. */
export const API_PREFIXES = [
  "/api/",
  "/admin-api/",
  "/k8s-proxy/",
  "/license/",
  "/oidc",
  "/interaction/",
  "/trino/",
  "/ingest/",
  "/healthz",
  "/readyz",
  "/metrics",
];

/** Requests answered with the web app's index.html (a client-side route such as /home). */
const appShell = new WeakSet<FastifyRequest>();

/** Whether this request was for a file of the web app (an asset, or index.html for a client-side route). */
export const servedWebFile = (req: FastifyRequest): boolean =>
  req.routeOptions.config?.staticFile === true || appShell.has(req);

export function defaultWebDir(): string {
  // dist/platform/web.js and src/platform/web.ts both sit three levels under apps/.
  return fileURLToPath(new URL("../../../web/dist", import.meta.url));
}

/**
 * Serves the built web app: hashed assets with a long cache, and index.html for every
 * client-side route so that a reload of /home or /hosts/x works.
 */
export async function registerWebApp(app: FastifyInstance, dir: string, csp: string): Promise<void> {
  const index = path.join(dir, "index.html");
  const built = fs.existsSync(index);
  if (!built) app.log.warn({ dir }, "web app not built: run npm run build");
  const html = built ? fs.readFileSync(index) : null;
  app.setNotFoundHandler((req, reply) => {
    const url = req.url.split("?")[0]!;
    const isApi = API_PREFIXES.some((p) => url.startsWith(p));
    if (html && req.method === "GET" && !isApi && !path.extname(url)) {
      appShell.add(req);
      return reply.type("text/html; charset=utf-8").header("cache-control", "no-cache").send(html);
    }
    return reply.code(404).send({ error: "Not found.", error_description: `no route for ${req.method} ${url}` });
  });
  if (!built) return;
  await app.register(async (scope) => {
    // Static files need no sign-in; mark every route the plugin adds.
    scope.addHook("onRoute", (route) => {
      route.config = { ...(route.config as object), access: "public", staticFile: true };
    });
    await scope.register(fastifyStatic, {
      root: dir,
      wildcard: false,
      index: false,
      preCompressed: true,
      setHeaders(res, file) {
        res.setHeader(
          "cache-control",
          file.includes(`${path.sep}assets${path.sep}`) ? "public, max-age=31536000, immutable" : "no-cache",
        );
      },
    });
  });
  app.addHook("onSend", async (req, reply, payload) => {
    const type = String(reply.getHeader("content-type") ?? "");
    if (type.startsWith("text/html") && !reply.hasHeader("content-security-policy")) {
      reply.header("content-security-policy", csp);
    }
    return payload;
  });
}
