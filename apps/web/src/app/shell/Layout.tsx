import { LeftOutlined, QuestionCircleOutlined, RightOutlined } from "@ant-design/icons";
import { Button, Flex, Layout as AntLayout, Tooltip, theme } from "antd";
import { Suspense, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, Outlet } from "react-router";
import { CONTENT_MAX_WIDTH } from "@console/contracts/constants";
import { useLandingPath } from "../landing";
import { usePublicConfig } from "../queries";
import { useShell } from "../state";
import { FullPageSpinner } from "./guards";
import { Header } from "./Header";
import { LicenceAlert } from "./LicenceAlert";
import { QuickLaunch } from "./QuickLaunch";
import { RefreshTicker } from "./RefreshTicker";
import { RotateWarning } from "./RotateWarning";
import { SideMenu } from "./SideMenu";

export function ShellLayout() {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const [collapsed, setCollapsed] = useState(false);
  const docsUrl = usePublicConfig().data?.docsUrl;
  const landing = useLandingPath();

  return (
    <AntLayout style={{ minHeight: "100vh" }}>
      <a className="skip-link" href="#main-content">
        {t("header.skipToContent")}
      </a>
      <RefreshTicker />
      <RotateWarning />
      <AntLayout.Sider
        collapsible
        collapsed={collapsed}
        onCollapse={setCollapsed}
        // A button inside Ant Design's trigger, so the keyboard reaches it (its click reaches the trigger).
        trigger={
          <button
            type="button"
            aria-label={t(collapsed ? "header.expandMenu" : "header.collapseMenu")}
            aria-expanded={!collapsed}
            className="sider-trigger"
          >
            {collapsed ? <RightOutlined /> : <LeftOutlined />}
          </button>
        }
        width={240}
        theme={useShell((s) => (s.isDarkMode ? "dark" : "light"))}
        // The menu stays in the window as a long page scrolls: help and quick launch at its bottom.
        style={{
          borderInlineEnd: `1px solid ${token.colorBorderSecondary}`,
          position: "sticky",
          top: 0,
          height: "100vh",
          alignSelf: "flex-start",
        }}
      >
        <Flex vertical style={{ height: "100%" }}>
          <Link to={landing} style={{ display: "block", padding: "16px 20px" }} aria-label={t("app.title")}>
            <span
              style={{
                fontWeight: 600,
                color: token.colorText,
                fontSize: collapsed ? 14 : 18,
                width: collapsed ? 100 : 134,
                display: "inline-block",
              }}
            >
              {collapsed ? "PC" : t("app.title")}
            </span>
          </Link>
          <nav style={{ flex: 1, overflowY: "auto" }}>
            <SideMenu collapsed={collapsed} />
          </nav>
          <Flex vertical gap={4} style={{ padding: 8 }}>
            {docsUrl ? (
              <Tooltip title={collapsed ? t("header.help") : undefined} placement="right">
                <Button
                  type="text"
                  block
                  icon={<QuestionCircleOutlined />}
                  href={docsUrl}
                  target="_blank"
                  rel="noopener noreferrer"
                >
                  {collapsed ? null : t("header.help")}
                </Button>
              </Tooltip>
            ) : null}
            <QuickLaunch collapsed={collapsed} />
          </Flex>
        </Flex>
      </AntLayout.Sider>
      <AntLayout>
        <AntLayout.Header
          style={{
            background: token.colorBgContainer,
            padding: "0 16px",
            borderBottom: `1px solid ${token.colorBorderSecondary}`,
          }}
        >
          <Header />
        </AntLayout.Header>
        <LicenceAlert />
        <AntLayout.Content style={{ padding: 24, maxWidth: CONTENT_MAX_WIDTH, width: "100%", margin: "0 auto" }}>
          <main id="main-content" tabIndex={-1} style={{ outline: "none" }}>
            <Suspense fallback={<FullPageSpinner />}>
              <Outlet />
            </Suspense>
          </main>
        </AntLayout.Content>
      </AntLayout>
    </AntLayout>
  );
}
