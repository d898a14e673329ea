import { MENUS, type ComponentSections, type MenuItem, type PublicConfig } from "@console/contracts";
import type { Principal } from "../../platform/access.js";
import type { Services } from "../../platform/services.js";

export function publicConfig(s: Services): PublicConfig {
  const c = s.config;
  return {
    oidc: { authority: c.issuer, clientId: c.OIDC_CLIENT_ID, scope: c.OIDC_SCOPE },
    publicUrl: c.publicUrl,
    docsUrl: c.DOCS_URL ?? null,
    discoveryHubUrl: c.DISCOVERY_HUB_URL ?? null,
    licensingEnabled: c.LICENSING_ENABLED,
    defaultLanding: c.DEFAULT_LANDING ?? null,
    restrictedMenus: c.RESTRICTED_MENUS,
    hiddenQuickLaunch: c.HIDDEN_QUICK_LAUNCH,
    sandbox: s.platformStatus.kind === "sandbox",
    features: {
      metrics: c.FEATURE_METRICS,
      renderWorkloads: c.FEATURE_RENDER_WORKLOADS,
      cloudDeployment: c.FEATURE_CLOUD_DEPLOYMENT,
      overviewCharts: c.FEATURE_OVERVIEW_CHARTS,
    },
  };
}

export async function menuFor(s: Services, p: Principal): Promise<MenuItem[]> {
  const keys = await s.access.menusFor(p);
  return keys.map((key) => ({ menuLabel: key, menuName: MENUS.find((m) => m.key === key)!.name }));
}

/** The component sections response: availability is active and licensed (spec section 3). */
export async function componentSections(s: Services, p: Principal): Promise<ComponentSections> {
  const [status, unlicensed, permitted] = await Promise.all([
    s.platformStatus.status(s.components),
    s.licence.unlicensed(s.components),
    s.access.componentsFor(p),
  ]);
  const sections = new Map<string, ComponentSections["sections"][number]>();
  for (const c of s.components) {
    let section = sections.get(c.section);
    if (!section) {
      section = {
        name: c.section,
        label: c.section,
        key: c.section.toLowerCase().replace(/[^a-z0-9]+/g, "-"),
        priority: c.priority,
        components: [],
      };
      sections.set(c.section, section);
    }
    section.priority = Math.min(section.priority, c.priority);
    section.components.push({
      name: c.key,
      label: c.label,
      key: c.key,
      priority: c.priority,
      iconName: c.icon,
      launchUrl: c.launchUrl ?? null,
      chartUrl: c.chartUrl ?? null,
    });
  }
  const keysWhere = (pred: (key: string) => boolean) => s.components.map((c) => c.key).filter(pred);
  return {
    sections: [...sections.values()].sort((a, b) => a.priority - b.priority),
    activeComponents: keysWhere((k) => status.states.get(k)?.active === true),
    unhealthyComponents: keysWhere(
      (k) => status.states.get(k)?.active === true && status.states.get(k)?.unhealthy === true,
    ),
    unlicensedComponents: keysWhere((k) => unlicensed.has(k)),
    marketPlaceComponents: s.components.filter((c) => c.marketplace).map((c) => c.key),
    enabledComponents: s.components.filter((c) => c.enabled).map((c) => c.key),
    permittedComponents: keysWhere((k) => permitted.has(k)),
    platformReachable: status.reachable,
    platformError: status.error,
    platformStale: status.reachable ? (s.clusterCache?.staleness() ?? null) : null,
  };
}
