import type { MenuKey } from "@console/contracts";
import { MENUS } from "@console/contracts/constants";
import { toAudits } from "../features/audits/links";
import { toClientConfig } from "../features/client-config/links";
import { toComponents } from "../features/components/links";
import { toHome } from "../features/home/links";
import { toInsights } from "../features/insights/links";
import { toPolicies } from "../features/policies/links";
import { toSettings } from "../features/settings/links";
import { toUsers } from "../features/users/links";
import { useMenu, usePublicConfig } from "./queries";

/** Where each menu lands. */
export const MENU_PATHS: Record<MenuKey, string> = {
  home: toHome(),
  components: toComponents(),
  "discovery-hub": toHome(),
  audits: toAudits(),
  "user-management": toUsers(),
  "policy-management": toPolicies(),
  insights: toInsights(),
  "client-configuration": toClientConfig(),
  settings: toSettings(),
};

/** The configured default landing page, or the first menu the user may open. */
export function landingPath(menus: string[], defaultLanding: string | null, restricted: string[]): string {
  const usable = (key: string) => menus.includes(key) && !restricted.includes(key) && key !== "discovery-hub";
  if (defaultLanding && usable(defaultLanding)) return MENU_PATHS[defaultLanding as MenuKey];
  const first = MENUS.find((m) => usable(m.key));
  return first ? MENU_PATHS[first.key] : toHome();
}

export function useLandingPath(): string {
  const config = usePublicConfig().data;
  const menus = useMenu().data?.map((m) => m.menuLabel) ?? [];
  return landingPath(menus, config?.defaultLanding ?? null, config?.restrictedMenus ?? []);
}
