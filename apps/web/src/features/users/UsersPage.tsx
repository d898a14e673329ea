import { SettingOutlined } from "@ant-design/icons";
import { Button, Tabs } from "antd";
import { useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { tourTarget, useRegisterTour } from "../../app/shell/tour";
import { useShell } from "../../app/state";
import { PageHeader } from "../../shared/ui/PageHeader";
import { GroupsTab } from "./GroupsTab";
import { SyncNowButton } from "./SyncNowButton";
import { SyncSettingsDrawer } from "./SyncSettingsDrawer";
import { UsersTab } from "./UsersTab";

const SCREEN = "user-management";

export default function UsersPage() {
  const { t } = useTranslation();
  const tab = useShell((s) => s.activeTab[SCREEN] ?? "users");
  const setActiveTab = useShell((s) => s.setActiveTab);
  const [settingsOpen, setSettingsOpen] = useState(false);
  useRegisterTour(
    useMemo(
      () => [
        { title: t("users.title"), description: t("users.tour.tabs"), target: tourTarget("users-tabs") },
        {
          title: t("users.filter.searchQuery"),
          description: t("users.tour.filter"),
          target: tourTarget("users-filter"),
        },
        { title: t("sync.now"), description: t("users.tour.sync"), target: tourTarget("users-sync") },
      ],
      [t],
    ),
  );

  return (
    <>
      <PageHeader
        crumbs={[{ label: t("users.breadcrumb") }]}
        title={t("users.title")}
        extra={
          <span data-tour="users-sync" style={{ display: "inline-flex", gap: 8 }}>
            <Button icon={<SettingOutlined />} onClick={() => setSettingsOpen(true)}>
              {t("sync.settings")}
            </Button>
            <SyncNowButton />
          </span>
        }
      />
      <div data-tour="users-tabs">
        <Tabs
          activeKey={tab}
          onChange={(key) => setActiveTab(SCREEN, key)}
          // Inactive tabs are discarded (spec): each tab loads afresh when shown.
          destroyOnHidden
          items={[
            { key: "users", label: t("users.tab.users"), children: <UsersTab /> },
            { key: "groups", label: t("users.tab.groups"), children: <GroupsTab /> },
          ]}
        />
      </div>
      <SyncSettingsDrawer open={settingsOpen} onClose={() => setSettingsOpen(false)} />
    </>
  );
}
