import type { ComponentType, LazyExoticComponent } from "react";
import type { MenuKey } from "@console/contracts";

/** A screen a feature owns: its path, the menu that guards it and its lazily loaded page. */
export interface FeatureRoute {
  path: string;
  /** null: any signed-in user (the server still checks what each call returns). */
  menu: MenuKey | null;
  /** A platform component that must be available (e.g. debezium for the connector screens). */
  requiresComponent?: string;
  element: LazyExoticComponent<ComponentType>;
}
