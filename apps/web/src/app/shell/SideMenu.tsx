import {
  ApiOutlined,
  AppstoreOutlined,
  AuditOutlined,
  CompassOutlined,
  DashboardOutlined,
  LineChartOutlined,
  SafetyCertificateOutlined,
  TeamOutlined,
} from "@ant-design/icons";
import { Menu, type MenuProps } from "antd";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { useLocation, useNavigate } from "react-router";
import type { MenuKey } from "@console/contracts";
import { MENUS } from "@console/contracts/constants";
import { MENU_PATHS } from "../landing";
import { useMenu, usePublicConfig } from "../queries";
import { useSubMenus } from "./subMenus";
import { toMyAccess } from "../../features/self-service/routes";

const ICONS: Partial<Record<MenuKey, ReactNode>> = {
  home: <DashboardOutlined />,
  components: <AppstoreOutlined />,
  "discovery-hub": <CompassOutlined />,
  audits: <AuditOutlined />,
  "user-management": <TeamOutlined />,
  "policy-management": <SafetyCertificateOutlined />,
  insights: <LineChartOutlined />,
  "client-configuration": <ApiOutlined />,
};

/** The side menu in the spec's order; settings lives behind the header gear instead. */
export function SideMenu(props: { collapsed: boolean }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const allowed = new Set(useMenu().data?.map((m) => m.menuLabel) ?? []);
  const config = usePublicConfig().data;
  const restricted = new Set(config?.restrictedMenus ?? []);
  const subMenus = useSubMenus();

  const items: MenuProps["items"] = MENUS.filter(
    (m) => m.key !== "settings" && allowed.has(m.key) && !restricted.has(m.key),
  ).map((m) => {
    const children = subMenus[m.key];
    const label = t(`menu.${m.key}`);
    if (children && children.length > 0)
      return { key: m.key, icon: ICONS[m.key], label, children: children.map((c) => ({ key: c.to, label: c.label })) };
    return { key: m.key, icon: ICONS[m.key], label };
  });

  const current = location.pathname + location.search;
  // My access belongs to no menu; any other screen outside the menus (a host, say) is reached from home.
  // Discovery hub opens elsewhere: its stand-in path (home's) never makes it the current item.
  const selected = location.pathname.startsWith(toMyAccess())
    ? null
    : (MENUS.find(
        (m) => m.key !== "home" && m.key !== "discovery-hub" && location.pathname.startsWith(MENU_PATHS[m.key]),
      )?.key ?? "home");
  const selectedKeys = Object.values(subMenus)
    .flat()
    .filter((c) => c && current === c.to)
    .map((c) => c!.to);

  const onClick: MenuProps["onClick"] = ({ key }) => {
    if (key === "discovery-hub") {
      if (config?.discoveryHubUrl) window.open(config.discoveryHubUrl, "_blank", "noopener,noreferrer");
      return;
    }
    if (key.startsWith("/")) void navigate(key);
    else void navigate(MENU_PATHS[key as MenuKey]);
  };

  return (
    <Menu
      mode="inline"
      inlineCollapsed={props.collapsed}
      items={items}
      selectedKeys={selectedKeys.length ? selectedKeys : selected ? [selected] : []}
      defaultOpenKeys={selected ? [selected] : []}
      onClick={onClick}
      style={{ borderInlineEnd: 0 }}
      aria-label="Main menu"
    />
  );
}
