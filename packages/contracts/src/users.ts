import { z } from "zod";
import { MessageBody } from "./common.js";
import { route } from "./route.js";
import {
  EMAIL_MAX,
  GROUP_NAME_PATTERN,
  GROUP_NAME_RULE,
  MAX_NAMES_PER_CHANGE,
  PERSON_NAME_MAX,
  USERNAME_PATTERN,
  USERNAME_RULE,
} from "./user-rules.js";

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, { message: `must be at most ${max} characters` })
    .optional()
    .transform((v) => (v ? v : undefined));

const userFields = {
  id: z.string(),
  username: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  groups: z.array(z.string()),
  enabled: z.boolean(),
  /** local: the console's own directory; ldap: synchronised from LDAP or Active Directory. */
  source: z.string(),
};

export const User = z.object(userFields).meta({ id: "User" });
export type User = z.infer<typeof User>;

/** A row of the users page, with what the signed-in user may do to it. */
export const UserListItem = z
  .object({
    ...userFields,
    /** False when the signed-in user may not change this account's groups, status or password. */
    manageable: z.boolean(),
    /** Why not (their own account, or one holding a menu or component they do not hold). */
    reason: z.string().nullable(),
  })
  .meta({ id: "UserListItem" });
export type UserListItem = z.infer<typeof UserListItem>;

export const UserSortField = z.enum(["name", "username", "email", "status"]);
export const SortOrder = z.enum(["asc", "desc"]);

export const UserQuery = z.object({
  page: z.coerce.number().int().min(0).max(100_000).default(0),
  size: z.coerce.number().int().min(1).max(200).default(10),
  sortBy: UserSortField.optional(),
  sortOrder: SortOrder.default("asc"),
  searchQuery: optionalText(200),
  firstName: optionalText(PERSON_NAME_MAX),
  lastName: optionalText(PERSON_NAME_MAX),
  email: optionalText(EMAIL_MAX),
  group: optionalText(255),
  status: z.enum(["active", "inactive"], { message: "must be active or inactive" }).optional(),
});
export type UserQuery = z.input<typeof UserQuery>;

export const UserPage = z.object({ items: z.array(UserListItem), total: z.number().int() }).meta({ id: "UserPage" });
export type UserPage = z.infer<typeof UserPage>;

const nameList = (what: string) =>
  z
    .array(
      z
        .string()
        .trim()
        .min(1, { message: `must not hold an empty ${what}` })
        .max(255),
    )
    .max(MAX_NAMES_PER_CHANGE, { message: `must name at most ${MAX_NAMES_PER_CHANGE} ${what}s` })
    .default([]);

export const CreateUser = z
  .object({
    username: z
      .string()
      .trim()
      .regex(USERNAME_PATTERN, { message: `Username ${USERNAME_RULE}` }),
    firstName: z
      .string()
      .trim()
      .min(1, { message: "First name is required" })
      .max(PERSON_NAME_MAX, { message: `First name must be at most ${PERSON_NAME_MAX} characters` }),
    lastName: z
      .string()
      .trim()
      .max(PERSON_NAME_MAX, { message: `Last name must be at most ${PERSON_NAME_MAX} characters` })
      .default(""),
    email: z
      .union([z.literal(""), z.email({ message: "E-mail must be a valid e-mail address" }).max(EMAIL_MAX)])
      .default(""),
    /** The temporary password; the user must choose a new one at first sign-in. */
    password: z.string().min(1, { message: "Temporary password is required" }).max(256),
    groups: nameList("group"),
  })
  .strict();
export type CreateUser = z.input<typeof CreateUser>;

export const UserGroupsChange = z
  .object({ groupsToAssign: nameList("group"), groupsToRemove: nameList("group") })
  .strict();
export type UserGroupsChange = z.input<typeof UserGroupsChange>;

export const UserStatusChange = z.object({ enabled: z.boolean({ message: "must be true or false" }) }).strict();

export const ResetPassword = z
  .object({ password: z.string().min(1, { message: "Temporary password is required" }).max(256) })
  .strict();

export const Group = z
  .object({
    id: z.string(),
    name: z.string(),
    /** Full names (or usernames) of the first members, for the chips. */
    users: z.array(z.string()),
    userCount: z.number().int(),
    source: z.string(),
    /** False for groups the directory keeps while one is configured. */
    membersEditable: z.boolean(),
    /** False for those, and for the administrators' group. */
    deletable: z.boolean(),
    /** Why the signed-in user may not change the group: it grants something they do not hold. */
    reason: z.string().nullable(),
  })
  .meta({ id: "Group" });
export type Group = z.infer<typeof Group>;

export const GroupQuery = z.object({
  page: z.coerce.number().int().min(0).max(100_000).default(0),
  size: z.coerce.number().int().min(1).max(200).default(10),
  search: optionalText(255),
  sortBy: z.enum(["name"]).optional(),
  sortOrder: SortOrder.default("asc"),
});
export type GroupQuery = z.input<typeof GroupQuery>;

export const GroupPage = z.object({ items: z.array(Group), total: z.number().int() }).meta({ id: "GroupPage" });
export type GroupPage = z.infer<typeof GroupPage>;

export const CreateGroup = z
  .object({
    name: z
      .string()
      .trim()
      .regex(GROUP_NAME_PATTERN, { message: `Group name ${GROUP_NAME_RULE}` }),
  })
  .strict();

export const GroupUsersChange = z.object({ usersToAssign: nameList("user"), usersToRemove: nameList("user") }).strict();
export type GroupUsersChange = z.input<typeof GroupUsersChange>;

const IdParam = z.object({ id: z.uuid({ message: "must be a user or group id" }) });

const MANAGE = { menu: "user-management" } as const;
/** Name lists feed dropdowns and filters on several screens. */
const NAME_READERS = { menu: ["user-management", "policy-management", "audits", "settings"] } as const;

export const usersRoutes = {
  list: route({
    method: "GET",
    path: "/admin-api/api/v1/users",
    access: MANAGE,
    summary: "A page of users, filtered and sorted",
    tags: ["users"],
    query: UserQuery,
    response: UserPage,
  }),
  names: route({
    method: "GET",
    path: "/admin-api/api/v1/users/names",
    access: NAME_READERS,
    summary: "Every username, sorted",
    tags: ["users"],
    response: z.array(z.string()),
  }),
  fullNames: route({
    method: "GET",
    path: "/admin-api/api/v1/users/full-names",
    access: NAME_READERS,
    summary: "Every username with the person's full name (empty when none), sorted by username",
    tags: ["users"],
    response: z.array(z.object({ username: z.string(), fullName: z.string() })),
  }),
  create: route({
    method: "POST",
    path: "/admin-api/api/v1/users",
    access: MANAGE,
    summary: "Create a user of the console's own directory, with a temporary password",
    tags: ["users"],
    body: CreateUser,
    response: User,
    status: 201,
  }),
  updateGroups: route({
    method: "PUT",
    path: "/admin-api/api/v1/users/:id/groups",
    access: MANAGE,
    summary: "Add a user to groups and remove them from others",
    tags: ["users"],
    params: IdParam,
    body: UserGroupsChange,
    response: MessageBody,
  }),
  updateStatus: route({
    method: "PUT",
    path: "/admin-api/api/v1/users/:id/status",
    access: MANAGE,
    summary: "Enable or disable a user",
    tags: ["users"],
    params: IdParam,
    body: UserStatusChange,
    response: MessageBody,
  }),
  resetPassword: route({
    method: "POST",
    path: "/admin-api/api/v1/users/:id/reset-password",
    access: MANAGE,
    summary: "Set a temporary password the user must change at the next sign-in",
    tags: ["users"],
    params: IdParam,
    body: ResetPassword,
    response: MessageBody,
  }),
};

export const groupsRoutes = {
  list: route({
    method: "GET",
    path: "/admin-api/api/v1/groups",
    access: MANAGE,
    summary: "A page of groups with their first members",
    tags: ["groups"],
    query: GroupQuery,
    response: GroupPage,
  }),
  names: route({
    method: "GET",
    path: "/admin-api/api/v1/groups/names",
    access: NAME_READERS,
    summary: "Every group name, sorted",
    tags: ["groups"],
    response: z.array(z.string()),
  }),
  members: route({
    method: "GET",
    path: "/admin-api/api/v1/groups/:id/users",
    access: MANAGE,
    summary: "Usernames of a group's members",
    tags: ["groups"],
    params: IdParam,
    response: z.array(z.string()),
  }),
  create: route({
    method: "POST",
    path: "/admin-api/api/v1/groups",
    access: MANAGE,
    summary: "Create a group",
    tags: ["groups"],
    body: CreateGroup,
    response: Group,
    status: 201,
  }),
  remove: route({
    method: "DELETE",
    path: "/admin-api/api/v1/groups/:id",
    access: MANAGE,
    summary: "Delete a group (its members stay)",
    tags: ["groups"],
    params: IdParam,
    response: MessageBody,
  }),
  updateUsers: route({
    method: "PUT",
    path: "/admin-api/api/v1/groups/:id/users",
    access: MANAGE,
    summary: "Add users to a group and remove others",
    tags: ["groups"],
    params: IdParam,
    body: GroupUsersChange,
    response: MessageBody,
  }),
};
