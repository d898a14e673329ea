import { useTranslation } from "react-i18next";
import { useParams } from "react-router";
import { ScreenPlaceholder } from "../../shared/ui/ScreenPlaceholder";

export default function PodLogsPage() {
  const { t } = useTranslation();
  const { podName = "" } = useParams();
  return (
    <ScreenPlaceholder
      crumbs={[{ label: t("menu.components"), to: "/components" }, { label: "logs" }]}
      title={podName}
    />
  );
}
