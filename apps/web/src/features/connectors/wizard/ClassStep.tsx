import { Alert, Flex, Form, Radio, Tag, theme } from "antd";
import { useTranslation } from "react-i18next";
import { CONNECTOR_CLASSES } from "@console/contracts/constants";
import { errorMessage } from "../../../shared/lib/api";
import { useConnectorPlugins } from "../api";
import { ruleFor } from "./rules";

/** Step 1: the connector class. Every Debezium class is shown; only SQL Server can be chosen. */
export function ClassStep() {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const plugins = useConnectorPlugins();
  const pluginOf = (className: string) => plugins.data?.classes.find((c) => c.className === className);
  return (
    <Flex vertical gap={12}>
      {plugins.isError ? (
        <Alert
          type="warning"
          showIcon
          title={t("connectors.wizard.pluginsUnavailable", { error: errorMessage(plugins.error) })}
        />
      ) : null}
      <Form.Item
        name="connectorClass"
        label={t("connectors.field.connectorClass")}
        required
        rules={[ruleFor("connectorClass", t)]}
      >
        <Radio.Group style={{ width: "100%" }}>
          <Flex vertical gap={8}>
            {CONNECTOR_CLASSES.map((c) => {
              const plugin = pluginOf(c.className);
              return (
                <Radio
                  key={c.className}
                  value={c.className}
                  disabled={!c.selectable}
                  style={{
                    padding: 12,
                    border: `1px solid ${token.colorBorderSecondary}`,
                    borderRadius: token.borderRadius,
                    width: "100%",
                  }}
                >
                  <Flex gap={8} align="center" wrap>
                    <span style={{ fontWeight: 600 }}>{c.label}</span>
                    <span style={{ color: token.colorTextSecondary, fontSize: 12 }}>{c.className}</span>
                    {!c.selectable ? <Tag>{t("connectors.wizard.notAvailable")}</Tag> : null}
                    {c.selectable && plugin ? (
                      <Tag color={plugin.installed ? "green" : "orange"}>
                        {plugin.installed
                          ? t("connectors.wizard.installed", { version: plugin.version ?? "?" })
                          : t("connectors.wizard.notInstalled")}
                      </Tag>
                    ) : null}
                  </Flex>
                </Radio>
              );
            })}
          </Flex>
        </Radio.Group>
      </Form.Item>
    </Flex>
  );
}
