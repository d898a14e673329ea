import { z } from "zod";
import { MessageBody } from "./common.js";
import { POLICY_LIMITS } from "./policy-constants.js";
import { INSIGHTS_PREFERENCE_NAMES_MAX, INSIGHTS_REFRESH_INTERVALS } from "./insights-constants.js";
import { route } from "./route.js";

const joinedNames = (what: string) =>
  z
    .string({ message: `must be ${what} names joined with |` })
    .max(100_000, { message: "is too long" })
    .transform((s) =>
      s
        .split("|")
        .map((x) => x.trim())
        .filter(Boolean),
    )
    .pipe(
      z
        .array(z.string().max(255, { message: `must hold ${what} names of at most 255 characters` }))
        .max(INSIGHTS_PREFERENCE_NAMES_MAX, {
          message: `must name at most ${INSIGHTS_PREFERENCE_NAMES_MAX} ${what}s`,
        }),
    );

/** The insights preference as the wire carries it (spec section 3): lists joined with |. */
export const InsightsPreferences = z
  .object({
    is_scheduled: z.boolean(),
    schedule_interval: z.number().int(),
    users_to_exclude: z.string(),
    admin_groups: z.string(),
  })
  .meta({ id: "InsightsPreferences" });
export type InsightsPreferences = z.infer<typeof InsightsPreferences>;

export const InsightsPreferencesUpdate = z
  .object({
    is_scheduled: z.boolean({ message: "must be true or false" }),
    schedule_interval: z.coerce
      .number({ message: "must be a number of seconds" })
      .refine((v) => (INSIGHTS_REFRESH_INTERVALS as readonly number[]).includes(v), {
        message: `must be one of ${INSIGHTS_REFRESH_INTERVALS.join(", ")} seconds`,
      }),
    users_to_exclude: joinedNames("user").default([]),
    admin_groups: joinedNames("group").default([]),
  })
  .strict();
export type InsightsPreferencesUpdate = z.input<typeof InsightsPreferencesUpdate>;

const defaultTerm = z
  .string({ message: "must be text" })
  .max(POLICY_LIMITS.term, { message: `must be ${POLICY_LIMITS.term} characters or fewer` });

/** The general terms a table access request's review starts from (spec: sample agreement defaults). */
export const DefaultTerms = z
  .object({
    prohibitedUses: defaultTerm,
    liabilityLimits: defaultTerm,
    dataQualityDisclaimer: defaultTerm,
    terminationConditions: defaultTerm,
  })
  .strict()
  .meta({ id: "DefaultTerms" });
export type DefaultTerms = z.infer<typeof DefaultTerms>;

const SETTINGS = { menu: "settings" } as const;
const DEFAULT_TERMS_PATH = "/admin-api/api/v1/settings/default-terms";

export const settingsRoutes = {
  insightsPreferences: route({
    method: "GET",
    path: "/admin-api/api/v1/analytics/preferences",
    // The insights screen reads it too, to schedule its own refresh.
    access: { menu: ["settings", "insights"] },
    summary: "The insights preference: scheduled refresh, its interval, users to exclude and admin groups",
    tags: ["settings"],
    response: InsightsPreferences,
  }),
  updateInsightsPreferences: route({
    method: "POST",
    path: "/admin-api/api/v1/analytics/preferences",
    access: SETTINGS,
    summary: "Change the insights preference",
    tags: ["settings"],
    body: InsightsPreferencesUpdate,
    response: MessageBody,
  }),
  flushInsightsCache: route({
    method: "GET",
    path: "/admin-api/api/v1/analytics/flush-cache",
    access: { menu: ["settings", "insights"] },
    summary: "Drop the cached insights so they are computed afresh",
    tags: ["caches"],
    response: MessageBody,
  }),
  defaultTerms: route({
    method: "GET",
    path: DEFAULT_TERMS_PATH,
    // The review of a table access request pre-fills its general terms from them.
    access: { menu: ["settings", "policy-management"] },
    summary: "The default general terms of a table access request",
    tags: ["settings"],
    response: DefaultTerms,
  }),
  updateDefaultTerms: route({
    method: "PUT",
    path: DEFAULT_TERMS_PATH,
    access: SETTINGS,
    summary: "Change the default general terms of a table access request",
    tags: ["settings"],
    body: DefaultTerms,
    response: MessageBody,
  }),
};
