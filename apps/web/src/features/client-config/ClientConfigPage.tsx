import { useTranslation } from "react-i18next";
import { ScreenPlaceholder } from "../../shared/ui/ScreenPlaceholder";

export default function ClientConfigPage() {
  const { t } = useTranslation();
  return (
    <ScreenPlaceholder crumbs={[{ label: t("menu.client-configuration") }]} title={t("menu.client-configuration")} />
  );
}
