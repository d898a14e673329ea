import { CloseCircleOutlined, InfoCircleOutlined, StopOutlined } from "@ant-design/icons";
import { Flex, theme } from "antd";
import type { ReactNode } from "react";

/** A centred message for whole-page states (no access, failures, a feature turned off), lighter than antd's Result. */
export function StatusMessage(props: {
  kind: "forbidden" | "error" | "off";
  title: string;
  subTitle?: ReactNode;
  extra?: ReactNode;
}) {
  const { token } = theme.useToken();
  const [Icon, color] =
    props.kind === "forbidden"
      ? [StopOutlined, token.colorWarning]
      : props.kind === "off"
        ? [InfoCircleOutlined, token.colorTextSecondary]
        : [CloseCircleOutlined, token.colorError];
  return (
    <Flex
      vertical
      align="center"
      justify="center"
      gap={12}
      style={{ minHeight: "50vh", textAlign: "center", padding: 24 }}
    >
      <Icon style={{ fontSize: 56, color }} aria-hidden />
      <h2 style={{ margin: 0, fontSize: token.fontSizeHeading4, fontWeight: 600, color: token.colorText }}>
        {props.title}
      </h2>
      {props.subTitle ? <span style={{ color: token.colorTextSecondary }}>{props.subTitle}</span> : null}
      {props.extra}
    </Flex>
  );
}
