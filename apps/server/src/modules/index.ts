import type { FastifyInstance } from "fastify";
import type { Services } from "../platform/services.js";
import { auditTrailModule } from "./audit-trail/routes.js";
import { auditsModule } from "./audits/routes.js";
import { directorySyncModule } from "./directory-sync/routes.js";
import { connectorsModule } from "./connectors/routes.js";
import { clientConfigModule } from "./client-config/routes.js";
import { insightsModule } from "./insights/routes.js";
import { licencesModule } from "./licences/routes.js";
import { permissionsModule } from "./permissions/routes.js";
import { shellModule } from "./shell/routes.js";
import { usersModule } from "./users/routes.js";
import { settingsModule } from "./settings/routes.js";
import { secretsModule } from "./secrets/routes.js";
import { clusterModule } from "./cluster/routes.js";
import { policiesModule } from "./policies/routes.js";

/** Every feature module, registered in this order. Add a line for a new module. */
export const modules: ReadonlyArray<(app: FastifyInstance, s: Services) => void | Promise<void>> = [
  shellModule,
  licencesModule,
  usersModule,
  directorySyncModule,
  permissionsModule,
  auditTrailModule,
  connectorsModule,
  auditsModule,
  clusterModule,
  clientConfigModule,
  insightsModule,
  settingsModule,
  secretsModule,
  policiesModule,
];
