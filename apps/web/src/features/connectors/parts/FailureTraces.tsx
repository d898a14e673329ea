import { Flex, theme } from "antd";
import { useTranslation } from "react-i18next";
import type { ConnectorSummary } from "@console/contracts";

/** The stack traces of a failed connector and its failed tasks, as the worker reports them. */
export function FailureTraces(props: { connector: ConnectorSummary }) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const c = props.connector;
  const worker = (id: string | null) => id ?? t("connectors.unknownWorker");
  const failures = [
    ...(c.trace
      ? [
          {
            key: "connector",
            title: t("connectors.connectorFailure", { name: c.name, worker: worker(c.workerId) }),
            trace: c.trace,
          },
        ]
      : []),
    ...c.tasks
      .filter((task) => task.trace)
      .map((task) => ({
        key: `task-${task.id}`,
        title: t("connectors.taskFailure", { id: task.id, worker: worker(task.workerId) }),
        trace: task.trace!,
      })),
  ];
  return (
    <Flex vertical gap={12} role="region" aria-label={t("connectors.failedTasks")}>
      {failures.map((f) => (
        <div key={f.key}>
          <div style={{ fontWeight: 600, marginBottom: 4 }}>{f.title}</div>
          <pre
            style={{
              margin: 0,
              maxHeight: 240,
              overflow: "auto",
              padding: 12,
              fontSize: 12,
              background: token.colorFillQuaternary,
              borderRadius: token.borderRadius,
              whiteSpace: "pre-wrap",
              overflowWrap: "anywhere",
            }}
          >
            {f.trace}
          </pre>
        </div>
      ))}
    </Flex>
  );
}
