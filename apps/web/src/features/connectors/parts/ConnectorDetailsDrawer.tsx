import { EyeInvisibleOutlined, EyeOutlined } from "@ant-design/icons";
import { Alert, Button, Descriptions, Drawer, Flex, Skeleton, Table, Tooltip } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { ConnectorConfigEntry } from "@console/contracts";
import { SECRET_MASK } from "@console/contracts/constants";
import { errorMessage } from "../../../shared/lib/api";
import { useConnectorDetails, useRevealSecret } from "../api";
import { ConnectorStatus, hasFailure } from "./ConnectorStatus";
import { FailureTraces } from "./FailureTraces";

/** A secret shown as stars; the eye asks the server for it (which audits the reveal) and hides it again. */
function SecretValue(props: { connector: string; entry: ConnectorConfigEntry }) {
  const { t } = useTranslation();
  const reveal = useRevealSecret();
  const [shown, setShown] = useState<string | null>(null);
  const key = props.entry.key;
  const label = shown === null ? t("connectors.details.reveal", { key }) : t("connectors.details.hide", { key });
  return (
    <Flex align="center" gap={8}>
      <span style={{ fontFamily: "monospace", wordBreak: "break-all" }} data-testid={`secret-${key}`}>
        {shown ?? SECRET_MASK}
      </span>
      <Tooltip title={shown === null ? t("connectors.details.revealNote") : label}>
        <Button
          type="text"
          size="small"
          aria-label={label}
          aria-pressed={shown !== null}
          loading={reveal.isPending}
          icon={shown === null ? <EyeOutlined /> : <EyeInvisibleOutlined />}
          onClick={() => {
            if (shown !== null) return setShown(null);
            reveal.mutate({ name: props.connector, key }, { onSuccess: (r) => setShown(r.value) });
          }}
        />
      </Tooltip>
    </Flex>
  );
}

/** The "connector details" drawer: status, failures and the configuration as parameter/value rows. */
export function ConnectorDetailsDrawer(props: { name: string | null; onClose: () => void }) {
  const { t } = useTranslation();
  const details = useConnectorDetails(props.name);
  const c = details.data;
  return (
    <Drawer
      open={props.name !== null}
      onClose={props.onClose}
      title={t("connectors.details.title")}
      size={720}
      destroyOnHidden
    >
      {details.isPending ? <Skeleton active paragraph={{ rows: 8 }} /> : null}
      {details.isError ? <Alert type="error" showIcon title={errorMessage(details.error)} /> : null}
      {c ? (
        <Flex vertical gap={16}>
          <Descriptions
            size="small"
            column={1}
            items={[
              { key: "name", label: t("connectors.column.name"), children: c.name },
              { key: "status", label: t("connectors.details.status"), children: <ConnectorStatus state={c.state} /> },
              { key: "tasks", label: t("connectors.details.tasks"), children: c.tasks.length },
              { key: "worker", label: t("connectors.details.worker"), children: c.workerId ?? "—" },
            ]}
          />
          {hasFailure(c) ? <FailureTraces connector={c} /> : null}
          <Table<ConnectorConfigEntry>
            size="small"
            rowKey="key"
            pagination={false}
            dataSource={c.config}
            columns={[
              { title: t("connectors.details.parameter"), dataIndex: "key", width: "40%" },
              {
                title: t("connectors.details.value"),
                dataIndex: "value",
                render: (value: string | null, entry) =>
                  entry.secret ? (
                    <SecretValue connector={c.name} entry={entry} />
                  ) : (
                    <span style={{ wordBreak: "break-all" }}>{value === "" ? "—" : value}</span>
                  ),
              },
            ]}
          />
        </Flex>
      ) : null}
    </Drawer>
  );
}
