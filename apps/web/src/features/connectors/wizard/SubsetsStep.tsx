import { CopyOutlined } from "@ant-design/icons";
import { Button, Flex, Form, Select } from "antd";
import { useTranslation } from "react-i18next";
import { ruleFor } from "./rules";
import { TableAdder } from "./TableAdder";

/**
 * Step 3: the tables to capture. The whitelist is built table by table; the include list is
 * chosen among whitelisted tables, or copied whole with "Same as whitelist".
 */
export function SubsetsStep() {
  const { t } = useTranslation();
  const form = Form.useFormInstance();
  const whitelist: string[] = Form.useWatch("tablesToWhiteList", form) ?? [];
  const whitelistLabel = t("connectors.field.tablesToWhiteList");
  const includeLabel = t("connectors.field.tablesToInclude");
  return (
    <Flex vertical gap={8}>
      <Form.Item
        name="tablesToWhiteList"
        label={whitelistLabel}
        required
        rules={[ruleFor("tablesToWhiteList", t)]}
        // A table taken off the whitelist leaves the include list too.
        getValueFromEvent={(next: string[]) => {
          const include: string[] = form.getFieldValue("tablesToInclude") ?? [];
          form.setFieldValue(
            "tablesToInclude",
            include.filter((x) => next.includes(x)),
          );
          return next;
        }}
      >
        <TableAdder id="whitelist" listLabel={whitelistLabel} />
      </Form.Item>
      <Form.Item label={includeLabel} extra={t("connectors.tables.includeHelp")} required={false}>
        <Flex gap={8} align="flex-start">
          <Form.Item name="tablesToInclude" noStyle rules={[ruleFor("tablesToInclude", t)]}>
            <Select
              mode="multiple"
              aria-label={includeLabel}
              style={{ flex: 1, minWidth: 320 }}
              options={whitelist.map((x) => ({ value: x, label: x }))}
              placeholder={includeLabel}
              allowClear
            />
          </Form.Item>
          <Button
            icon={<CopyOutlined />}
            disabled={whitelist.length === 0}
            onClick={() => form.setFieldValue("tablesToInclude", [...whitelist])}
          >
            {t("connectors.tables.sameAsWhitelist")}
          </Button>
        </Flex>
      </Form.Item>
    </Flex>
  );
}
