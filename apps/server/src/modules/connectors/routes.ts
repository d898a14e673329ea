import fs from "node:fs";
import type { FastifyInstance } from "fastify";
import { connectorRoutes } from "@console/contracts";
import { UpstreamError } from "../../platform/errors.js";
import { handle } from "../../platform/http.js";
import type { Services } from "../../platform/services.js";
import { ConnectClient, SYSTEM } from "./client.js";
import { ConnectorService } from "./service.js";

/** The worker from CONNECT_URL, else the sandbox's; null when there is neither. */
function createClient(s: Services): ConnectClient | null {
  const c = s.config;
  const baseUrl = c.CONNECT_URL ?? s.sandbox?.urls.connect;
  if (!baseUrl) return null;
  if ((c.CONNECT_USERNAME === undefined) !== (c.CONNECT_PASSWORD === undefined))
    throw new Error("Invalid configuration: CONNECT_USERNAME and CONNECT_PASSWORD must be set together");
  let ca: string | undefined;
  if (c.CONNECT_CA_FILE) {
    try {
      ca = fs.readFileSync(c.CONNECT_CA_FILE, "utf8");
    } catch (err) {
      throw new Error(`Invalid configuration: CONNECT_CA_FILE cannot be read (${(err as NodeJS.ErrnoException).code})`);
    }
  }
  return new ConnectClient({
    baseUrl,
    username: c.CONNECT_USERNAME,
    password: c.CONNECT_PASSWORD,
    ca,
    timeoutMs: c.CONNECT_TIMEOUT_MS,
    validateTimeoutMs: c.CONNECT_VALIDATE_TIMEOUT_MS,
  });
}

export function connectorsModule(app: FastifyInstance, s: Services): void {
  const client = createClient(s);
  if (client) s.onClose(() => client.close());
  const service = client ? new ConnectorService(client, s.db, s.log) : null;
  const use = () => {
    if (!service) throw new UpstreamError(SYSTEM, "it is not configured (set CONNECT_URL)", 503);
    return service;
  };

  handle(app, connectorRoutes.list, ({ query }) => use().list(query));
  handle(app, connectorRoutes.details, ({ params }) => use().details(params.name));
  handle(app, connectorRoutes.plugins, () => use().plugins());
  handle(app, connectorRoutes.validate, ({ params, body }) => use().validate(params.name, body));
  handle(app, connectorRoutes.create, ({ body, actor }) => use().create(body, actor));
  handle(app, connectorRoutes.register, ({ body, actor }) => use().register(body, actor));
  handle(app, connectorRoutes.setStatus, ({ params, actor }) => use().setStatus(params.name, params.status, actor));
  handle(app, connectorRoutes.restart, ({ params, actor }) => use().restart(params.name, actor));
  handle(app, connectorRoutes.remove, ({ params, actor }) => use().remove(params.name, actor));
  handle(app, connectorRoutes.revealSecret, ({ params, body, actor }) =>
    use().revealSecret(params.name, body.key, actor),
  );
}
