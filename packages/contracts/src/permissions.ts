import { z } from "zod";
import { MessageBody } from "./common.js";
import { route } from "./route.js";
import { MAX_NAMES_PER_CHANGE } from "./user-rules.js";

export const MenuPermission = z
  .object({
    id: z.number().int(),
    menuKey: z.string(),
    menuName: z.string(),
    sectionName: z.string(),
    assignedUsers: z.array(z.string()),
    assignedGroups: z.array(z.string()),
    status: z.boolean(),
    /** Why the signed-in user may not change it (they do not hold it), or null. */
    reason: z.string().nullable(),
  })
  .meta({ id: "MenuPermission" });
export type MenuPermission = z.infer<typeof MenuPermission>;

export const ComponentPermission = z
  .object({
    id: z.number().int(),
    componentKey: z.string(),
    componentName: z.string(),
    sectionName: z.string(),
    assignedUsers: z.array(z.string()),
    assignedGroups: z.array(z.string()),
    status: z.boolean(),
    /** Why the signed-in user may not change it (they do not hold it), or null. */
    reason: z.string().nullable(),
  })
  .meta({ id: "ComponentPermission" });
export type ComponentPermission = z.infer<typeof ComponentPermission>;

const names = (what: string) =>
  z
    .array(
      z
        .string()
        .trim()
        .min(1, { message: `must not hold an empty ${what}` })
        .max(255),
    )
    .max(MAX_NAMES_PER_CHANGE, { message: `must name at most ${MAX_NAMES_PER_CHANGE} ${what}s` });

/** The full resulting list of users or of groups (spec section 5): exactly one of the two. */
export const AssignmentUpdate = z.union(
  [z.object({ usersToAssign: names("user") }).strict(), z.object({ groupsToAssign: names("group") }).strict()],
  { message: "must hold either usersToAssign or groupsToAssign" },
);
export type AssignmentUpdate = z.input<typeof AssignmentUpdate>;

export const PermissionStatusUpdate = z.object({ status: z.boolean({ message: "must be true or false" }) }).strict();

const PermissionId = z.object({ id: z.coerce.number().int().min(1, { message: "must be a permission id" }) });

const SETTINGS = { menu: "settings" } as const;

export const permissionRoutes = {
  menus: route({
    method: "GET",
    path: "/admin-api/api/v1/menu/permissions",
    access: SETTINGS,
    summary: "Every menu with the users and groups allowed to open it",
    tags: ["permissions"],
    response: z.array(MenuPermission),
  }),
  updateMenu: route({
    method: "PUT",
    path: "/admin-api/api/v1/menu/:id",
    access: SETTINGS,
    summary: "Replace the users or the groups allowed a menu",
    tags: ["permissions"],
    params: PermissionId,
    body: AssignmentUpdate,
    response: MessageBody,
  }),
  menuStatus: route({
    method: "PUT",
    path: "/admin-api/api/v1/menu/:id/status",
    access: SETTINGS,
    summary: "Make a menu active or inactive for everyone",
    tags: ["permissions"],
    params: PermissionId,
    body: PermissionStatusUpdate,
    response: MessageBody,
  }),
  components: route({
    method: "GET",
    path: "/admin-api/api/v1/component/permissions",
    access: SETTINGS,
    summary: "Every platform component with the users and groups allowed to see it",
    tags: ["permissions"],
    response: z.array(ComponentPermission),
  }),
  updateComponent: route({
    method: "PUT",
    path: "/admin-api/api/v1/component/:id",
    access: SETTINGS,
    summary: "Replace the users or the groups allowed a component",
    tags: ["permissions"],
    params: PermissionId,
    body: AssignmentUpdate,
    response: MessageBody,
  }),
  componentStatus: route({
    method: "PUT",
    path: "/admin-api/api/v1/component/:id/status",
    access: SETTINGS,
    summary: "Make a component active or inactive for everyone",
    tags: ["permissions"],
    params: PermissionId,
    body: PermissionStatusUpdate,
    response: MessageBody,
  }),
};

export const cacheRoutes = {
  clear: route({
    method: "GET",
    path: "/admin-api/api/v1/cache/clear",
    access: SETTINGS,
    summary: "Drop the cached Trino metadata (catalogs, schemas, tables) on every replica",
    tags: ["caches"],
    response: MessageBody,
  }),
  clearGroups: route({
    method: "GET",
    path: "/admin-api/api/v1/cache/clearGroups",
    access: SETTINGS,
    summary: "Drop cached groups and the permissions they carry, on every replica",
    tags: ["caches"],
    response: MessageBody,
  }),
  clearUsers: route({
    method: "GET",
    path: "/admin-api/api/v1/cache/clearUsers",
    access: SETTINGS,
    summary: "Drop cached users and the permissions they carry, on every replica",
    tags: ["caches"],
    response: MessageBody,
  }),
};

export const AuditChainVerdict = z
  .object({
    valid: z.boolean(),
    checked: z.number().int(),
    brokenAtSeq: z.number().int().nullable(),
    reason: z.string().nullable(),
  })
  .meta({ id: "AuditChainVerdict" });
export type AuditChainVerdict = z.infer<typeof AuditChainVerdict>;

export const auditTrailRoutes = {
  verify: route({
    method: "GET",
    path: "/admin-api/api/v1/audit/verify",
    access: { menu: ["audits", "settings"] },
    summary: "Recompute the audit trail's hash chain and say whether any event was changed or removed",
    tags: ["audits"],
    response: AuditChainVerdict,
  }),
};
