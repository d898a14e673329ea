import { EyeInvisibleOutlined, EyeOutlined } from "@ant-design/icons";
import { Button, Descriptions, Flex } from "antd";
import { useTranslation } from "react-i18next";
import { CopyButton } from "../../../shared/ui/CopyButton";

/** Ten asterisks, whatever the length of the secret (spec section 2). */
export const MASK = "**********";

export interface ParameterValues {
  user: string;
  token: string;
  host: string;
  port: number;
  url: string;
}

/** User, token (masked until revealed), host, port and URL, each with a copy button. */
export function ParameterBlock(props: {
  values: ParameterValues;
  revealed: boolean;
  onReveal: (revealed: boolean) => void;
  note?: string;
}) {
  const { t } = useTranslation();
  const v = props.values;
  const row = (label: string, shown: string, copy: string, extra?: React.ReactNode) => ({
    key: label,
    label,
    children: (
      <Flex align="center" gap={4} wrap>
        <code style={{ wordBreak: "break-all" }}>{shown}</code>
        {extra}
        <CopyButton value={copy} label={t("clientConfig.copyValue", { name: label })} />
      </Flex>
    ),
  });
  return (
    <>
      {props.note ? <p>{props.note}</p> : null}
      <Descriptions
        bordered
        column={1}
        size="small"
        items={[
          row(t("clientConfig.param.user"), v.user, v.user),
          row(
            t("clientConfig.param.token"),
            props.revealed ? v.token : MASK,
            v.token,
            <Button
              type="text"
              size="small"
              aria-pressed={props.revealed}
              aria-label={props.revealed ? t("clientConfig.hideToken") : t("clientConfig.revealToken")}
              icon={props.revealed ? <EyeInvisibleOutlined /> : <EyeOutlined />}
              onClick={() => props.onReveal(!props.revealed)}
            />,
          ),
          row(t("clientConfig.param.host"), v.host, v.host),
          row(t("clientConfig.param.port"), String(v.port), String(v.port)),
          row(t("clientConfig.param.url"), v.url, v.url),
        ]}
      />
    </>
  );
}
