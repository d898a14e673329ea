import { Col, Form, Input, Row, Select } from "antd";
import { useTranslation } from "react-i18next";
import type { ConnectorFormField } from "@console/contracts";
import { CONNECTOR_LIMITS, DECIMAL_HANDLING_MODES, SNAPSHOT_MODES } from "@console/contracts/constants";
import { digitsOnly, ruleFor } from "./rules";

const L = CONNECTOR_LIMITS;

/** Step 4: the connector's name and the optional Debezium settings. */
export function GeneralStep() {
  const { t } = useTranslation();
  const optional = t("connectors.field.optional");
  const digits = (field: ConnectorFormField, max: number) => (
    <Form.Item name={field} label={t(`connectors.field.${field}`)} rules={[ruleFor(field, t)]} normalize={digitsOnly}>
      <Input maxLength={max} inputMode="numeric" placeholder={optional} autoComplete="off" />
    </Form.Item>
  );
  const choice = (field: ConnectorFormField, values: readonly string[]) => (
    <Form.Item name={field} label={t(`connectors.field.${field}`)}>
      <Select
        allowClear
        placeholder={optional}
        aria-label={t(`connectors.field.${field}`)}
        options={values.map((v) => ({ value: v, label: v }))}
      />
    </Form.Item>
  );
  return (
    <Row gutter={16}>
      <Col xs={24} md={12}>
        <Form.Item name="name" label={t("connectors.field.name")} required rules={[ruleFor("name", t)]}>
          <Input maxLength={L.name} autoComplete="off" />
        </Form.Item>
      </Col>
      <Col xs={24} md={12}>
        {choice("snapshotMode", SNAPSHOT_MODES)}
      </Col>
      <Col xs={24} md={8}>
        {digits("pollInterval", L.pollIntervalDigits)}
      </Col>
      <Col xs={24} md={8}>
        {digits("maxQueueSize", L.maxQueueSizeDigits)}
      </Col>
      <Col xs={24} md={8}>
        {digits("maxBatchSize", L.maxBatchSizeDigits)}
      </Col>
      <Col xs={24} md={12}>
        {choice("decimalHandlingMode", DECIMAL_HANDLING_MODES)}
      </Col>
    </Row>
  );
}
