import { useTranslation } from "react-i18next";
import { ScreenPlaceholder } from "../../shared/ui/ScreenPlaceholder";

export default function ComponentsPage() {
  const { t } = useTranslation();
  return <ScreenPlaceholder crumbs={[{ label: t("menu.components") }]} title={t("menu.components")} />;
}
