import type { FastifyInstance } from "fastify";
import {
  ARROW_PORT,
  clientConfigRoutes,
  parseArrowModes,
  parseClientModes,
  type ClientConfiguration,
  type ClientEndpoint,
  type ClientMode,
} from "@console/contracts";
import type { Config } from "../../config.js";
import { handle } from "../../platform/http.js";
import type { Services } from "../../platform/services.js";

function endpoint(host: string, port: number): ClientEndpoint {
  return { host, port, url: `https://${host}:${port}`, arrowUrl: `grpc+tls://${host}:${ARROW_PORT}` };
}

/**
 * What the guides show. A mode is offered when the setting lists it and, for external, an
 * external host is configured; with nothing left, internal.
 */
export function clientConfiguration(c: Config): ClientConfiguration {
  const external = c.CLIENT_TRINO_EXTERNAL_HOST
    ? endpoint(c.CLIENT_TRINO_EXTERNAL_HOST, c.CLIENT_TRINO_EXTERNAL_PORT)
    : null;
  const usable = (modes: ClientMode[]): ClientMode[] => {
    const left = modes.filter((m) => m === "internal" || external !== null);
    return left.length > 0 ? left : ["internal"];
  };
  return {
    modes: usable(parseClientModes(c.CLIENT_CONFIG_MODE)),
    arrowModes: usable(parseArrowModes(c.CLIENT_CONFIG_MODE)),
    endpoints: { internal: endpoint(c.CLIENT_TRINO_HOST, c.CLIENT_TRINO_PORT), external },
    catalog: c.CLIENT_TRINO_CATALOG,
    docsUrl: c.DOCS_URL ?? null,
  };
}

export function clientConfigModule(app: FastifyInstance, s: Services): void {
  const answer = clientConfiguration(s.config);
  handle(app, clientConfigRoutes.get, () => answer);
}
