import { useTranslation } from "react-i18next";
import { ScreenPlaceholder } from "../../shared/ui/ScreenPlaceholder";

export default function AuditsPage() {
  const { t } = useTranslation();
  return <ScreenPlaceholder crumbs={[{ label: t("menu.audits") }]} title={t("menu.audits")} />;
}
