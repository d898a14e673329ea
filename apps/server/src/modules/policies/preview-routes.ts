import type { FastifyInstance } from "fastify";
import { impactRoutes } from "@console/contracts";
import { handle } from "../../platform/http.js";
import type { Services } from "../../platform/services.js";
import { every } from "../audits/schedule.js";
import { pruneAccessRollup } from "./access-rollup.js";
import { ImpactService } from "./preview.js";
import type { PublicationService } from "./publish.js";

const PRUNE_MS = 3_600_000;

/** The impact preview's routes (guarded as Sync is); they read only and write no audit event. */
export function impactPreviewRoutes(app: FastifyInstance, s: Services, publications: PublicationService): void {
  const impact = new ImpactService(s.db, publications, s.bus);
  handle(app, impactRoutes.sync, ({ query }) => impact.sync(query.window));
  handle(app, impactRoutes.policy, ({ body }) => impact.policy(body.window, body.policy, body.policyId));
  // Days no preview window reaches are dropped from the access rollup.
  s.onClose(every(PRUNE_MS, () => pruneAccessRollup(s.db), s.log, "access rollup pruning"));
}
