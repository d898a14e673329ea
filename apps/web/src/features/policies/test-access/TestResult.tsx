import { Card, Descriptions, Flex, List, Tag, Typography } from "antd";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import type { RulesCheckResult } from "@console/contracts";
import { toEditPolicy } from "../links";
import { answerKind, type Operation } from "./model";

const COLORS = { allowed: "success", denied: "error", expressions: "processing", noMask: "default" } as const;

/** The decision, the rules or defaults that made it (section, position, the rule as written) and their policies. */
export function TestResult(props: {
  operation: Operation;
  identity: { user: string; groups: string[] };
  result: RulesCheckResult;
}) {
  const { t } = useTranslation();
  const { result } = props;
  const answer = answerKind(props.operation, result.results[0]);
  const why = result.explanations?.[0];
  return (
    <Card title={t("policies.testAccess.decision")} role="region" aria-label={t("policies.testAccess.decision")}>
      <Descriptions size="small" bordered column={1} style={{ marginBottom: 16 }}>
        <Descriptions.Item label={t("policies.testAccess.decision")}>
          <Flex gap={8} align="center" wrap>
            <Tag color={COLORS[answer.kind]}>{t(`policies.testAccess.answer.${answer.kind}`)}</Tag>
            {answer.expressions.map((e) => (
              <Typography.Text key={e} code>
                {e}
              </Typography.Text>
            ))}
          </Flex>
        </Descriptions.Item>
        <Descriptions.Item label={t("policies.testAccess.asked")}>
          {t("policies.testAccess.askedAs", {
            user: props.identity.user,
            groups: props.identity.groups.join(", ") || t("policies.testAccess.noGroups"),
          })}
        </Descriptions.Item>
        <Descriptions.Item label={t("policies.testAccess.under")}>
          {result.source === "publication"
            ? t("policies.testAccess.underPublication", { number: result.publication })
            : t(`policies.testAccess.sourceOption.${result.source === "candidate" ? "candidate" : "file"}`)}
        </Descriptions.Item>
        {why ? <Descriptions.Item label={t("policies.testAccess.reason")}>{why.reason}</Descriptions.Item> : null}
      </Descriptions>
      <Typography.Title level={5}>{t("policies.testAccess.decidedBy")}</Typography.Title>
      <List
        size="small"
        bordered
        dataSource={why?.decidedBy ?? []}
        renderItem={(d) => (
          <List.Item>
            {"index" in d ? (
              <Flex vertical gap={4}>
                <Typography.Text strong>
                  {t("policies.testAccess.ruleAt", { section: d.section, position: d.index + 1 })}
                </Typography.Text>
                <Typography.Text code style={{ whiteSpace: "pre-wrap" }}>
                  {JSON.stringify(d.rule)}
                </Typography.Text>
              </Flex>
            ) : (
              <Typography.Text>
                {t("policies.testAccess.defaultOf", {
                  section: d.section,
                  which: t(`policies.testAccess.default.${d.default.replaceAll(" ", "_")}`),
                })}
              </Typography.Text>
            )}
          </List.Item>
        )}
      />
      {why && why.policies.length > 0 ? (
        <Flex gap={8} wrap style={{ marginTop: 12 }} align="center">
          <Typography.Text>{t("policies.testAccess.policies")}</Typography.Text>
          {why.policies.map((p) =>
            p.system ? (
              <Typography.Text key={p.id}>{t("policies.testAccess.systemPolicy", { name: p.name })}</Typography.Text>
            ) : (
              <Link key={p.id} to={toEditPolicy(p.id)}>
                {p.name}
              </Link>
            ),
          )}
        </Flex>
      ) : null}
    </Card>
  );
}
