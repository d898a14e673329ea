import { Flex, Menu } from "antd";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { useLocation, useNavigate } from "react-router";
import { usePublicConfig } from "../../app/queries";
import { PageHeader } from "../../shared/ui/PageHeader";
import { settingsPaths } from "./links";

const SECTIONS = [
  { key: "generalSettings", path: settingsPaths.general },
  { key: "licenses", path: settingsPaths.licenses, licensing: true },
  { key: "menu", path: settingsPaths.menu },
  { key: "component", path: settingsPaths.component },
  { key: "secrets", path: settingsPaths.secrets },
] as const;

/**
 * Every settings page: the Settings crumb (back to general settings) and the section label,
 * the title (hidden for secrets), and the settings sub-menu (licences only with licensing on).
 */
export function SettingsLayout(props: {
  section: (typeof SECTIONS)[number]["key"];
  extra?: ReactNode;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const licensing = usePublicConfig().data?.licensingEnabled ?? false;
  const items = SECTIONS.filter((s) => !("licensing" in s) || licensing).map((s) => ({
    key: s.path,
    label: t(`settings.${s.key}`),
  }));
  const label = t(`settings.${props.section}`);
  return (
    <>
      <PageHeader
        crumbs={[{ label: t("menu.settings"), to: settingsPaths.general }, { label }]}
        title={props.section === "secrets" ? undefined : label}
        extra={props.extra}
      />
      <Flex gap={24} align="flex-start">
        <nav aria-label={t("settings.subMenu")} style={{ width: 220, flexShrink: 0 }}>
          <Menu mode="inline" items={items} selectedKeys={[pathname]} onClick={({ key }) => void navigate(key)} />
        </nav>
        <div style={{ flex: 1, minWidth: 0 }}>{props.children}</div>
      </Flex>
    </>
  );
}
