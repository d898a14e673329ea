import { Empty } from "antd";
import { useTranslation } from "react-i18next";
import { SettingsLayout } from "./SettingsLayout";

export default function GeneralSettingsPage() {
  const { t } = useTranslation();
  return (
    <SettingsLayout section="generalSettings">
      <Empty description={t("page.underConstruction")} />
    </SettingsLayout>
  );
}
