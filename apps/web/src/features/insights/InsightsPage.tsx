import { useTranslation } from "react-i18next";
import { ScreenPlaceholder } from "../../shared/ui/ScreenPlaceholder";

export default function InsightsPage() {
  const { t } = useTranslation();
  return <ScreenPlaceholder crumbs={[{ label: t("menu.insights") }]} title={t("menu.insights")} />;
}
