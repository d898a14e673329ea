import type { FastifyInstance } from "fastify";
import { permissionRoutes, type ComponentPermission, type MenuPermission } from "@console/contracts";
import { handle } from "../../platform/http.js";
import type { Services } from "../../platform/services.js";
import { updateAssignment, updateStatus, whyNotChange } from "./service.js";
import { COMPONENT, listPermissions, MENU } from "./store.js";

export function permissionsModule(app: FastifyInstance, s: Services): void {
  handle(app, permissionRoutes.menus, async ({ principal }): Promise<MenuPermission[]> => {
    const why = await whyNotChange(s, MENU, principal);
    return (await listPermissions(s.db, MENU)).map((r) => ({
      id: r.id,
      menuKey: r.key,
      menuName: r.name,
      sectionName: r.section,
      assignedUsers: r.users,
      assignedGroups: r.groups,
      status: r.status,
      reason: why(r),
    }));
  });
  handle(app, permissionRoutes.updateMenu, (ctx) => updateAssignment(s, MENU, ctx, ctx.params.id, ctx.body));
  handle(app, permissionRoutes.menuStatus, (ctx) => updateStatus(s, MENU, ctx, ctx.params.id, ctx.body.status));

  handle(app, permissionRoutes.components, async ({ principal }): Promise<ComponentPermission[]> => {
    const why = await whyNotChange(s, COMPONENT, principal);
    return (await listPermissions(s.db, COMPONENT)).map((r) => ({
      id: r.id,
      componentKey: r.key,
      componentName: r.name,
      sectionName: r.section,
      assignedUsers: r.users,
      assignedGroups: r.groups,
      status: r.status,
      reason: why(r),
    }));
  });
  handle(app, permissionRoutes.updateComponent, (ctx) => updateAssignment(s, COMPONENT, ctx, ctx.params.id, ctx.body));
  handle(app, permissionRoutes.componentStatus, (ctx) =>
    updateStatus(s, COMPONENT, ctx, ctx.params.id, ctx.body.status),
  );
}
