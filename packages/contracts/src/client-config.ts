import { z } from "zod";
import { CLIENT_MODES, type ClientMode } from "./client-config-constants.js";
import { route } from "./route.js";

/**
 * The client-config mode setting (spec section 5): a comma list; only 'internal' and 'external'
 * count; with none valid, both modes are offered.
 */
export function parseClientModes(setting: string | undefined): ClientMode[] {
  const valid = new Set(
    (setting ?? "")
      .split(",")
      .map((s) => s.trim())
      .filter((s): s is ClientMode => (CLIENT_MODES as readonly string[]).includes(s)),
  );
  return valid.size === 0 ? [...CLIENT_MODES] : CLIENT_MODES.filter((m) => valid.has(m));
}

/**
 * Arrow's modes (spec section 5): both only with exactly two distinct valid entries, else the
 * single valid entry, else internal.
 */
export function parseArrowModes(setting: string | undefined): ClientMode[] {
  const entries = (setting ?? "").split(",").map((s) => s.trim());
  const valid = new Set(entries.filter((s): s is ClientMode => (CLIENT_MODES as readonly string[]).includes(s)));
  if (valid.size === 2) return [...CLIENT_MODES];
  if (valid.size === 1) return [...valid];
  return ["internal"];
}

export const ClientEndpoint = z
  .object({
    /** Host name of the query server (Trino) for this mode. */
    host: z.string(),
    port: z.number().int(),
    /** The query server's address, https://host:port. */
    url: z.string(),
    /** The Arrow Flight SQL address for this mode, grpc+tls://host:8443. */
    arrowUrl: z.string(),
  })
  .meta({ id: "ClientEndpoint" });
export type ClientEndpoint = z.infer<typeof ClientEndpoint>;

export const ClientConfiguration = z
  .object({
    /** Modes offered for every tool but Arrow; a switch is shown only when there are two. */
    modes: z.array(z.enum(CLIENT_MODES)),
    arrowModes: z.array(z.enum(CLIENT_MODES)),
    endpoints: z.object({ internal: ClientEndpoint, external: ClientEndpoint.nullable() }),
    /** Default catalog used in the examples. */
    catalog: z.string(),
    /** Base URL of the documentation (dbt project template and deployment guide live there). */
    docsUrl: z.string().nullable(),
  })
  .meta({ id: "ClientConfiguration" });
export type ClientConfiguration = z.infer<typeof ClientConfiguration>;

export const clientConfigRoutes = {
  get: route({
    method: "GET",
    path: "/admin-api/api/v1/client-configuration",
    access: { menu: "client-configuration" },
    summary: "Where client tools reach the query server and Arrow Flight SQL, by mode",
    tags: ["client configuration"],
    response: ClientConfiguration,
  }),
};
