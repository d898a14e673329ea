import type { FastifyInstance } from "fastify";
import { auditTrailRoutes } from "@console/contracts";
import { verifyAuditChain } from "../../platform/audit.js";
import { handle } from "../../platform/http.js";
import type { Services } from "../../platform/services.js";

/** The audit trail's own check: every event chained to the one before, nothing edited or removed. */
export function auditTrailModule(app: FastifyInstance, s: Services): void {
  handle(app, auditTrailRoutes.verify, () => verifyAuditChain(s.db));
}
