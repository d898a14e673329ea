import { useTranslation } from "react-i18next";
import { ScreenPlaceholder } from "../../shared/ui/ScreenPlaceholder";

export default function HomePage() {
  const { t } = useTranslation();
  return <ScreenPlaceholder crumbs={[{ label: t("menu.home") }]} title={t("menu.home")} />;
}
