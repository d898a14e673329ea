import { Col, Form, Input, Row } from "antd";
import { useTranslation } from "react-i18next";
import type { ConnectorFormField } from "@console/contracts";
import { CONNECTOR_LIMITS } from "@console/contracts/constants";
import { digitsOnly, ruleFor } from "./rules";

const L = CONNECTOR_LIMITS;

/** Step 2: where the database is and where its changes and schema history go in Kafka. */
export function DatabaseStep() {
  const { t } = useTranslation();
  const item = (field: ConnectorFormField, max: number, opts: { digits?: boolean; help?: string } = {}) => (
    <Form.Item
      name={field}
      label={t(`connectors.field.${field}`)}
      required
      rules={[ruleFor(field, t)]}
      extra={opts.help ? t(opts.help) : undefined}
      normalize={opts.digits ? digitsOnly : undefined}
    >
      <Input maxLength={max} inputMode={opts.digits ? "numeric" : undefined} autoComplete="off" />
    </Form.Item>
  );
  return (
    <Row gutter={16}>
      <Col xs={24} md={16}>
        {item("dbHostname", L.host)}
      </Col>
      <Col xs={24} md={8}>
        {item("dbPort", L.portDigits, { digits: true })}
      </Col>
      <Col xs={24} md={12}>
        {item("dbUser", L.user)}
      </Col>
      <Col xs={24} md={12}>
        <Form.Item
          name="dbPassword"
          label={t("connectors.field.dbPassword")}
          required
          rules={[ruleFor("dbPassword", t)]}
        >
          <Input.Password maxLength={L.password} autoComplete="new-password" />
        </Form.Item>
      </Col>
      <Col xs={24} md={12}>
        {item("dbName", L.dbName)}
      </Col>
      <Col xs={24} md={12}>
        {item("dbServerName", L.serverName, { help: "connectors.field.dbServerNameHelp" })}
      </Col>
      <Col xs={24} md={12}>
        {item("kafkaBootstrapServer", L.bootstrapServer, { help: "connectors.field.kafkaBootstrapServerHelp" })}
      </Col>
      <Col xs={24} md={12}>
        {item("schemaName", L.schemaTopic)}
      </Col>
    </Row>
  );
}
