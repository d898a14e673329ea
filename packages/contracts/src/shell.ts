import { z } from "zod";
import { route } from "./route.js";

/** What the web app needs before sign-in: where to sign in and what the deployment looks like. */
export const PublicConfig = z
  .object({
    oidc: z.object({ authority: z.string(), clientId: z.string(), scope: z.string() }),
    /** Where the console is reached; sign-in returns here. */
    publicUrl: z.string(),
    docsUrl: z.string().nullable(),
    discoveryHubUrl: z.string().nullable(),
    licensingEnabled: z.boolean(),
    defaultLanding: z.string().nullable(),
    restrictedMenus: z.array(z.string()),
    hiddenQuickLaunch: z.array(z.string()),
    sandbox: z.boolean(),
    features: z.object({
      metrics: z.boolean(),
      renderWorkloads: z.boolean(),
      cloudDeployment: z.boolean(),
      overviewCharts: z.boolean(),
    }),
  })
  .meta({ id: "PublicConfig" });
export type PublicConfig = z.infer<typeof PublicConfig>;

export const MenuItem = z.object({ menuLabel: z.string(), menuName: z.string() }).meta({ id: "MenuItem" });
export type MenuItem = z.infer<typeof MenuItem>;

export const ComponentRef = z.object({
  name: z.string(),
  label: z.string(),
  key: z.string(),
  priority: z.number(),
  iconName: z.string(),
  launchUrl: z.string().nullable(),
  chartUrl: z.string().nullable(),
});
export type ComponentRef = z.infer<typeof ComponentRef>;

export const ComponentSection = z.object({
  name: z.string(),
  label: z.string(),
  key: z.string(),
  priority: z.number(),
  components: z.array(ComponentRef),
});

/** The component sections response of the spec (section 3). The lists hold component keys. */
export const ComponentSections = z
  .object({
    sections: z.array(ComponentSection),
    activeComponents: z.array(z.string()),
    unhealthyComponents: z.array(z.string()),
    unlicensedComponents: z.array(z.string()),
    marketPlaceComponents: z.array(z.string()),
    enabledComponents: z.array(z.string()),
    /** Components this user may see (component permissions). */
    permittedComponents: z.array(z.string()),
    /** False when the platform could not be asked; lists are then empty, never "all healthy". */
    platformReachable: z.boolean(),
    platformError: z.string().nullable(),
    /** Why the cluster data shown may be out of date (it cannot be watched, only listed now and then). */
    platformStale: z.string().nullable(),
  })
  .meta({ id: "ComponentSections" });
export type ComponentSections = z.infer<typeof ComponentSections>;

export const Me = z
  .object({
    username: z.string(),
    name: z.string(),
    email: z.string(),
    groups: z.array(z.string()),
  })
  .meta({ id: "Me" });
export type Me = z.infer<typeof Me>;

export const shellRoutes = {
  publicConfig: route({
    method: "GET",
    path: "/api/config",
    access: "public",
    summary: "Deployment settings the web app needs before sign-in",
    tags: ["shell"],
    response: PublicConfig,
  }),
  menu: route({
    method: "GET",
    path: "/admin-api/api/v1/menu",
    access: "authenticated",
    summary: "Menus the signed-in user may open",
    tags: ["shell"],
    response: z.array(MenuItem),
  }),
  me: route({
    method: "GET",
    path: "/admin-api/api/v1/me",
    access: "authenticated",
    summary: "The signed-in user",
    tags: ["shell"],
    response: Me,
  }),
  componentList: route({
    method: "GET",
    path: "/admin-api/api/v1/componentList",
    access: "authenticated",
    summary: "Platform components with their availability",
    tags: ["shell"],
    response: ComponentSections,
  }),
};
