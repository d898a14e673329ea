import { CloseCircleOutlined, StopOutlined } from "@ant-design/icons";
import { Flex, theme } from "antd";
import type { ReactNode } from "react";

/** A centred message for whole-page states (no access, failures), lighter than antd's Result. */
export function StatusMessage(props: {
  kind: "forbidden" | "error";
  title: string;
  subTitle?: ReactNode;
  extra?: ReactNode;
}) {
  const { token } = theme.useToken();
  const Icon = props.kind === "forbidden" ? StopOutlined : CloseCircleOutlined;
  return (
    <Flex
      vertical
      align="center"
      justify="center"
      gap={12}
      style={{ minHeight: "50vh", textAlign: "center", padding: 24 }}
    >
      <Icon
        style={{ fontSize: 56, color: props.kind === "forbidden" ? token.colorWarning : token.colorError }}
        aria-hidden
      />
      <h2 style={{ margin: 0, fontSize: token.fontSizeHeading4, fontWeight: 600, color: token.colorText }}>
        {props.title}
      </h2>
      {props.subTitle ? <span style={{ color: token.colorTextSecondary }}>{props.subTitle}</span> : null}
      {props.extra}
    </Flex>
  );
}
