import { Empty } from "antd";
import { useTranslation } from "react-i18next";
import { SettingsLayout } from "../settings/SettingsLayout";

export default function SecretsPage() {
  const { t } = useTranslation();
  return (
    <SettingsLayout section="secrets">
      <Empty description={t("page.underConstruction")} />
    </SettingsLayout>
  );
}
