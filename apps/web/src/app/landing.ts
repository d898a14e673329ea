import type { MenuKey } from "@console/contracts";
import { MENUS } from "@console/contracts/constants";
import { useMenu, usePublicConfig } from "./queries";

/** Where each menu lands. */
export const MENU_PATHS: Record<MenuKey, string> = {
  home: "/home",
  components: "/components",
  "discovery-hub": "/home",
  audits: "/audits",
  "user-management": "/user-management",
  "policy-management": "/policy-management",
  insights: "/insights",
  "client-configuration": "/client-configuration",
  settings: "/settings",
};

/** The configured default landing page, or the first menu the user may open. */
export function landingPath(menus: string[], defaultLanding: string | null, restricted: string[]): string {
  const usable = (key: string) => menus.includes(key) && !restricted.includes(key) && key !== "discovery-hub";
  if (defaultLanding && usable(defaultLanding)) return MENU_PATHS[defaultLanding as MenuKey];
  const first = MENUS.find((m) => usable(m.key));
  return first ? MENU_PATHS[first.key] : "/home";
}

export function useLandingPath(): string {
  const config = usePublicConfig().data;
  const menus = useMenu().data?.map((m) => m.menuLabel) ?? [];
  return landingPath(menus, config?.defaultLanding ?? null, config?.restrictedMenus ?? []);
}
