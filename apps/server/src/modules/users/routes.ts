import type { FastifyInstance } from "fastify";
import { groupsRoutes, usersRoutes } from "@console/contracts";
import { notFound } from "../../platform/errors.js";
import { whyNotChangeGroup, whyNotManage } from "../../platform/grants.js";
import { handle } from "../../platform/http.js";
import type { Services } from "../../platform/services.js";
import { createGroup, deleteGroup, updateGroupUsers } from "./groups-service.js";
import { withRights } from "./change.js";
import { createUser, resetPassword, updateUserGroups, updateUserStatus } from "./service.js";
import {
  allFullNames,
  allGroupNames,
  allUsernames,
  findGroup,
  groupMemberNames,
  listGroups,
  listUsers,
  UserTotal,
} from "./store.js";

export function usersModule(app: FastifyInstance, s: Services): void {
  const allUsers = new UserTotal();
  s.bus.on("users", () => allUsers.clear());
  handle(app, usersRoutes.list, async ({ query, principal }) => {
    const { page, size, sortBy, sortOrder, ...filter } = query;
    const [found, holds] = await Promise.all([
      listUsers(s.db, filter, { page, size, sortBy, sortOrder }, allUsers),
      s.access.privilegesOf(principal),
    ]);
    // Each row says whether its groups, status and password may be changed, by the rule the changes check.
    const items = await Promise.all(
      found.items.map(async (u) => {
        const reason = await whyNotManage(s.access, principal, u, holds);
        return { ...u, manageable: !reason, reason };
      }),
    );
    return { ...found, items };
  });
  handle(app, usersRoutes.names, () => allUsernames(s.db));
  handle(app, usersRoutes.fullNames, () => allFullNames(s.db));
  handle(app, usersRoutes.create, (ctx) => createUser(s, ctx, ctx.body));
  handle(app, usersRoutes.updateGroups, (ctx) => updateUserGroups(s, ctx, ctx.params.id, ctx.body));
  handle(app, usersRoutes.updateStatus, (ctx) => updateUserStatus(s, ctx, ctx.params.id, ctx.body.enabled));
  handle(app, usersRoutes.resetPassword, (ctx) => resetPassword(s, ctx, ctx.params.id, ctx.body.password));

  handle(app, groupsRoutes.list, async ({ query, principal }) => {
    const [page, holds] = await Promise.all([
      listGroups(s.db, query.search, { page: query.page, size: query.size, sortOrder: query.sortOrder }),
      s.access.privilegesOf(principal),
    ]);
    const items = await Promise.all(
      page.items.map(async (g) => withRights(s, g, await whyNotChangeGroup(s.access, g.name, holds))),
    );
    return { ...page, items };
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
