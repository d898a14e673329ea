import { Card, Col, Flex, Progress, Row, Skeleton, theme, Typography } from "antd";
import { useTranslation } from "react-i18next";
import type { NodeList, Workloads } from "@console/contracts";
import { WORKLOAD_KINDS } from "@console/contracts/constants";
import { abbreviateNumber } from "../../../shared/lib/format";

/** Node health: 100 % in the success colour when every host is ready, else the error colour. */
function NodeHealth(props: { nodes: NodeList }) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const total = props.nodes.items.length;
  const ready = props.nodes.items.filter((n) => n.status === "Ready").length;
  const percent = total ? Math.round((ready / total) * 100) : 0;
  const color = ready === total ? token.colorSuccess : token.colorError;
  return (
    <Flex vertical align="center" gap={4}>
      {/* A two-part ring drawn by antd's progress circle (a named progressbar): no chart library on home. */}
      <Progress
        aria-label={t("cluster.nodeHealthLabel", { percent, ready, total })}
        type="circle"
        size={140}
        percent={percent}
        strokeWidth={11}
        strokeColor={color}
        railColor={token.colorFillSecondary}
        format={() => <span style={{ color, fontSize: 22, fontWeight: 600 }}>{percent}%</span>}
      />
      <Typography.Text type="secondary">{t("cluster.nodeHealth")}</Typography.Text>
    </Flex>
  );
}

/** The cluster panel: node health (when render-workloads is on) and a card per kind of workload. */
export function ClusterPanel(props: {
  nodes: NodeList | undefined;
  workloads: Workloads | undefined;
  showHealth: boolean;
}) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  return (
    <Card title={t("cluster.panel")} size="small">
      <Flex gap={24} align="center" wrap>
        {props.showHealth ? (
          props.nodes ? (
            <NodeHealth nodes={props.nodes} />
          ) : (
            <Skeleton.Avatar active size={120} />
          )
        ) : null}
        <Row gutter={[12, 12]} style={{ flex: 1, minWidth: 320 }}>
          {WORKLOAD_KINDS.map((kind) => {
            const w = props.workloads?.[kind];
            return (
              <Col key={kind} xs={12} lg={8} xxl={4}>
                <Card size="small" title={t(`cluster.workload.${kind}`)} aria-label={t(`cluster.workload.${kind}`)}>
                  {w ? (
                    <dl
                      style={{ margin: 0, display: "grid", gridTemplateColumns: "auto auto", rowGap: 2, columnGap: 8 }}
                    >
                      <dt>{t("cluster.workload.running")}</dt>
                      <dd style={{ margin: 0, textAlign: "right", color: token.colorSuccess }}>
                        {abbreviateNumber(w.running)}
                      </dd>
                      <dt>{t("cluster.workload.succeeded")}</dt>
                      <dd style={{ margin: 0, textAlign: "right" }}>{abbreviateNumber(w.succeeded)}</dd>
                      <dt>{t("cluster.workload.failed")}</dt>
                      <dd style={{ margin: 0, textAlign: "right", color: w.failure ? token.colorError : undefined }}>
                        {abbreviateNumber(w.failure)}
                      </dd>
                      <dt style={{ fontWeight: 600 }}>{t("cluster.workload.total")}</dt>
                      <dd style={{ margin: 0, textAlign: "right", fontWeight: 600 }}>{abbreviateNumber(w.total)}</dd>
                    </dl>
                  ) : (
                    <Skeleton active paragraph={{ rows: 2 }} title={false} />
                  )}
                </Card>
              </Col>
            );
          })}
        </Row>
      </Flex>
    </Card>
  );
}
