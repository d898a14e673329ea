import type { FastifyInstance } from "fastify";
import { shellRoutes } from "@console/contracts";
import { handle } from "../../platform/http.js";
import type { Services } from "../../platform/services.js";
import { componentSections, menuFor, publicConfig } from "./service.js";

export function shellModule(app: FastifyInstance, s: Services): void {
  handle(app, shellRoutes.publicConfig, () => publicConfig(s));
  handle(app, shellRoutes.menu, ({ principal }) => menuFor(s, principal));
  handle(app, shellRoutes.me, ({ principal }) => ({
    username: principal.username,
    name: principal.name,
    email: principal.email,
    groups: principal.groups,
  }));
  handle(app, shellRoutes.componentList, ({ principal }) => componentSections(s, principal));
}
