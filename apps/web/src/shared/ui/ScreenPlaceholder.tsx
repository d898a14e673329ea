import { Empty } from "antd";
import { useTranslation } from "react-i18next";
import { PageHeader, type Crumb } from "./PageHeader";

/** Breadcrumb and title of a screen whose body another part of the work builds. */
export function ScreenPlaceholder(props: { crumbs: Crumb[]; title: string }) {
  const { t } = useTranslation();
  return (
    <>
      <PageHeader crumbs={props.crumbs} title={props.title} />
      <Empty description={t("page.underConstruction")} />
    </>
  );
}
