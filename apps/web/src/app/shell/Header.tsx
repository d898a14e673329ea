import { CompassOutlined, LogoutOutlined, ReloadOutlined, SettingOutlined, UserOutlined } from "@ant-design/icons";
import { App, Avatar, Button, Divider, Flex, Popover, Switch, Tag, Tooltip, theme } from "antd";
import { lazy, Suspense, useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { REFRESH_INTERVAL_MS } from "@console/contracts/constants";
import { toSettings } from "../../features/settings/links";
import { signOut } from "../auth";
import { useMe, useMenu, usePublicConfig } from "../queries";
import { useShell } from "../state";
import { MyAccessButton, MyReviewsButton, PendingRequestsBadge } from "./PendingRequestsBadge";
import { useTourSteps } from "./tour";

const TourRunner = lazy(() => import("./TourRunner"));

function UserPopover() {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const me = useMe().data;
  const dark = useShell((s) => s.isDarkMode);
  const setDark = useShell((s) => s.setDarkMode);
  const unsaved = useShell((s) => s.hasUnsavedChanges);
  const { token } = theme.useToken();
  // Closed when My access opens, so the menu does not stay over the new screen.
  const [open, setOpen] = useState(false);

  const logout = () => {
    if (!unsaved) return void signOut();
    modal.confirm({
      title: t("common.areYouSure"),
      content: t("common.unsavedChanges"),
      okText: t("common.confirm"),
      cancelText: t("common.cancel"),
      onOk: () => signOut(),
    });
  };

  const content = (
    <Flex vertical gap={8} style={{ minWidth: 220 }}>
      <div>
        <div style={{ fontWeight: 600 }}>{me?.name}</div>
        <div style={{ color: token.colorTextSecondary }}>{me?.email || me?.username}</div>
      </div>
      <Divider style={{ margin: "4px 0" }} />
      <Flex justify="space-between" align="center">
        <span id="appearance-label">{t("header.appearance")}</span>
        <Switch
          aria-labelledby="appearance-label"
          checked={dark}
          checkedChildren={t("header.dark")}
          unCheckedChildren={t("header.light")}
          onChange={setDark}
        />
      </Flex>
      <MyAccessButton onOpen={() => setOpen(false)} />
      <MyReviewsButton onOpen={() => setOpen(false)} />
      <Button icon={<LogoutOutlined />} onClick={logout} block>
        {t("header.logout")}
      </Button>
    </Flex>
  );
  return (
    <Popover content={content} trigger="click" placement="bottomRight" open={open} onOpenChange={setOpen}>
      <Button
        type="text"
        aria-label={me?.name ? t("header.userMenuOf", { name: me.name }) : t("header.userMenu")}
        icon={<Avatar size="small" icon={<UserOutlined />} />}
      >
        {me?.name}
      </Button>
    </Popover>
  );
}

export function Header() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const config = usePublicConfig().data;
  const menus = useMenu().data ?? [];
  const refreshInterval = useShell((s) => s.refreshInterval);
  const setRefresh = useShell((s) => s.setRefreshInterval);
  const steps = useTourSteps();
  const [touring, setTouring] = useState(false);
  const showSettings = menus.some((m) => m.menuLabel === "settings") && !config?.restrictedMenus.includes("settings");

  return (
    <Flex align="center" justify="flex-end" gap={8} style={{ height: "100%" }}>
      {config?.sandbox ? (
        // Focusable, so the keyboard shows its hint too.
        <Tooltip title={t("header.sandboxHint")} trigger={["hover", "focus"]}>
          <Tag color="purple" tabIndex={0}>
            {t("header.sandbox")}
          </Tag>
        </Tooltip>
      ) : null}
      {steps ? (
        <>
          <Tooltip title={t("header.tour")}>
            <Button
              type="text"
              icon={<CompassOutlined />}
              aria-label={t("header.tour")}
              onClick={() => setTouring(true)}
            />
          </Tooltip>
          {touring ? (
            <Suspense fallback={null}>
              <TourRunner steps={steps} onClose={() => setTouring(false)} />
            </Suspense>
          ) : null}
        </>
      ) : null}
      {showSettings ? (
        <Tooltip title={t("header.settings")}>
          <Button
            type="text"
            icon={<SettingOutlined />}
            aria-label={t("header.settings")}
            onClick={() => void navigate(toSettings())}
          />
        </Tooltip>
      ) : null}
      <PendingRequestsBadge />
      <Tooltip title={refreshInterval ? t("header.refreshOn") : t("header.refreshOff")}>
        <Button
          type={refreshInterval ? "primary" : "text"}
          icon={<ReloadOutlined spin={!!refreshInterval} />}
          aria-label={t("header.refresh")}
          aria-pressed={!!refreshInterval}
          onClick={() => setRefresh(refreshInterval ? null : REFRESH_INTERVAL_MS)}
        />
      </Tooltip>
      <UserPopover />
    </Flex>
  );
}
