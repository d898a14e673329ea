/**
 * The settings screens' paths, written once: routes (settings, licences, secrets), the settings
 * sub-menu and every link use them.
 */
export const settingsPaths = {
  general: "/settings",
  licenses: "/settings/licenses",
  menu: "/settings/menu",
  component: "/settings/component",
  secrets: "/settings/secrets",
} as const;

export const toSettings = (section?: Exclude<keyof typeof settingsPaths, "general">) =>
  settingsPaths[section ?? "general"];
