import type { FastifyInstance } from "fastify";
import { groupsRoutes, usersRoutes } from "@console/contracts";
import { notFound } from "../../platform/errors.js";
import { handle } from "../../platform/http.js";
import type { Services } from "../../platform/services.js";
import { createGroup, deleteGroup, updateGroupUsers } from "./groups-service.js";
import { withRights } from "./change.js";
import { createUser, resetPassword, updateUserGroups, updateUserStatus } from "./service.js";
import { allGroupNames, allUsernames, findGroup, groupMemberNames, listGroups, listUsers, UserTotal } from "./store.js";

export function usersModule(app: FastifyInstance, s: Services): void {
  const allUsers = new UserTotal();
  s.bus.on("users", () => allUsers.clear());
  handle(app, usersRoutes.list, ({ query }) => {
    const { page, size, sortBy, sortOrder, ...filter } = query;
    return listUsers(s.db, filter, { page, size, sortBy, sortOrder }, allUsers);
  });
  handle(app, usersRoutes.names, () => allUsernames(s.db));
  handle(app, usersRoutes.create, (ctx) => createUser(s, ctx, ctx.body));
  handle(app, usersRoutes.updateGroups, (ctx) => updateUserGroups(s, ctx, ctx.params.id, ctx.body));
  handle(app, usersRoutes.updateStatus, (ctx) => updateUserStatus(s, ctx, ctx.params.id, ctx.body.enabled));
  handle(app, usersRoutes.resetPassword, (ctx) => resetPassword(s, ctx, ctx.params.id, ctx.body.password));

  handle(app, groupsRoutes.list, async ({ query }) => {
    const page = await listGroups(s.db, query.search, {
      page: query.page,
      size: query.size,
      sortOrder: query.sortOrder,
    });
    return { ...page, items: page.items.map((g) => withRights(s, g)) };
  });
  handle(app, groupsRoutes.names, () => allGroupNames(s.db));
  handle(app, groupsRoutes.members, async ({ params }) => {
    if (!(await findGroup(s.db, params.id))) throw notFound("The group");
    return groupMemberNames(s.db, params.id);
  });
  handle(app, groupsRoutes.create, (ctx) => createGroup(s, ctx, ctx.body.name));
  handle(app, groupsRoutes.remove, (ctx) => deleteGroup(s, ctx, ctx.params.id));
  handle(app, groupsRoutes.updateUsers, (ctx) => updateGroupUsers(s, ctx, ctx.params.id, ctx.body));
}
