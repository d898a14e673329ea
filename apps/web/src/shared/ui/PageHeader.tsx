import { HomeOutlined } from "@ant-design/icons";
import { Breadcrumb, Flex, theme } from "antd";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { useLandingPath } from "../../app/landing";

export interface Crumb {
  label: string;
  to?: string;
}

/** Breadcrumb (starting with a home icon that goes to the landing page), title and actions. */
export function PageHeader(props: { crumbs: Crumb[]; title?: ReactNode; extra?: ReactNode }) {
  const { t } = useTranslation();
  const landing = useLandingPath();
  const { token } = theme.useToken();
  return (
    <Flex vertical gap={4} style={{ marginBottom: 16 }}>
      <Breadcrumb
        items={[
          {
            title: (
              <Link to={landing} aria-label={t("breadcrumb.home")}>
                <HomeOutlined />
              </Link>
            ),
          },
          ...props.crumbs.map((c) => ({ title: c.to ? <Link to={c.to}>{c.label}</Link> : c.label })),
        ]}
      />
      <Flex justify="space-between" align="center" gap={16} wrap>
        {props.title !== undefined ? (
          <h1 style={{ margin: 0, fontSize: token.fontSizeHeading3, fontWeight: 600, color: token.colorText }}>
            {props.title}
          </h1>
        ) : (
          <span />
        )}
        {props.extra ? (
          <Flex gap={8} align="center" wrap>
            {props.extra}
          </Flex>
        ) : null}
      </Flex>
    </Flex>
  );
}
