import { useTranslation } from "react-i18next";
import { ScreenPlaceholder } from "../../shared/ui/ScreenPlaceholder";

export default function PoliciesPage() {
  const { t } = useTranslation();
  return <ScreenPlaceholder crumbs={[{ label: t("menu.policy-management") }]} title={t("menu.policy-management")} />;
}
