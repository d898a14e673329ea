import { Empty } from "antd";
import { useTranslation } from "react-i18next";
import { SettingsLayout } from "../settings/SettingsLayout";

export default function LicencesPage() {
  const { t } = useTranslation();
  return (
    <SettingsLayout section="licenses">
      <Empty description={t("page.underConstruction")} />
    </SettingsLayout>
  );
}
