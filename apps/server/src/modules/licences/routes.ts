import type { FastifyInstance } from "fastify";
import { licenceRoutes } from "@console/contracts";
import { notFound } from "../../platform/errors.js";
import { handle } from "../../platform/http.js";
import type { Services } from "../../platform/services.js";

export function licencesModule(app: FastifyInstance, s: Services): void {
  handle(app, licenceRoutes.verify, async () => {
    if (!s.config.LICENSING_ENABLED) throw notFound("Licensing on this console");
    return s.licence.verify();
  });
}
