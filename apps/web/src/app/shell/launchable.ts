import { useMemo } from "react";
import { useComponentList, usePublicConfig } from "../queries";

/** Components that can be launched: hidden, unlicensed, marketplace and enabled ones left out. */
export function useLaunchable() {
  const data = useComponentList().data;
  const hidden = usePublicConfig().data?.hiddenQuickLaunch;
  return useMemo(() => {
    if (!data) return [];
    const excluded = new Set([
      ...(hidden ?? []),
      ...data.unlicensedComponents,
      ...data.marketPlaceComponents,
      ...data.enabledComponents,
    ]);
    const permitted = new Set(data.permittedComponents);
    const active = new Set(data.activeComponents);
    return data.sections
      .flatMap((s) => s.components)
      .filter((c) => c.launchUrl && !excluded.has(c.key) && permitted.has(c.key))
      .map((c) => ({ ...c, active: active.has(c.key) }))
      .sort((a, b) => a.priority - b.priority);
  }, [data, hidden]);
}
