import type { MenuKey } from "@console/contracts";
import { useComponentList } from "../queries";

export interface SubMenuItem {
  label: string;
  to: string;
}

/** Observable components: not unlicensed, marketplace or enabled (spec section 3). */
function useComponentsSubMenu(): SubMenuItem[] {
  const data = useComponentList().data;
  if (!data) return [];
  const excluded = new Set([...data.unlicensedComponents, ...data.marketPlaceComponents, ...data.enabledComponents]);
  const permitted = new Set(data.permittedComponents);
  return data.sections
    .flatMap((s) => s.components)
    .filter((c) => !excluded.has(c.key) && permitted.has(c.key))
    .sort((a, b) => a.priority - b.priority)
    .map((c) => ({ label: c.label, to: `/components?component=${encodeURIComponent(c.key)}` }));
}

/** Menus that open a sub-menu, with its entries. */
export function useSubMenus(): Partial<Record<MenuKey, SubMenuItem[]>> {
  return { components: useComponentsSubMenu() };
}
