import { Alert, Flex, Tag, Typography } from "antd";
import { useTranslation } from "react-i18next";
import type { PolicyImportPlan } from "@console/contracts";
import { describePolicyChange } from "../../audits/changes";

const list = { margin: 0, paddingInlineStart: 20 } as const;

/** Where a planned policy applies: catalog / schemas / tables, as the review needs it. */
const scopeOf = (p: PolicyImportPlan["creates"][number]["policy"]) =>
  [p.catalogName, p.schemaName.join(", "), p.tables.join(", ")].filter(Boolean).join(" / ");

/** An import plan: the problems that refuse it, or what it creates, updates and deletes, and Ranger's notes. */
export function PlanView(props: { plan: PolicyImportPlan }) {
  const { t } = useTranslation();
  const p = props.plan;
  return (
    <Flex vertical gap={12}>
      {p.valid ? (
        <Alert
          type="success"
          showIcon
          title={t("policies.code.planSummary", {
            creates: p.creates.length,
            updates: p.updates.length,
            deletes: p.deletes.length,
            unchanged: p.unchanged.length,
          })}
        />
      ) : (
        <Alert
          type="error"
          showIcon
          title={t("policies.code.problems", { count: p.problems.length })}
          description={
            <ul style={list} aria-label={t("policies.code.problemList")}>
              {p.problems.map((x, i) => (
                <li key={i}>
                  <Typography.Text code>{x.path}</Typography.Text> {x.message}
                </li>
              ))}
            </ul>
          }
        />
      )}
      {p.creates.length > 0 ? (
        <section aria-label={t("policies.code.creates")}>
          <Typography.Title level={5}>{t("policies.code.creates")}</Typography.Title>
          <ul style={list}>
            {p.creates.map((c) => (
              <li key={c.name}>
                {c.name} <Tag>{t(`policies.category.${c.policy.category}`)}</Tag>
                <Typography.Text type="secondary">{scopeOf(c.policy)}</Typography.Text>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {p.updates.length > 0 ? (
        <section aria-label={t("policies.code.updates")}>
          <Typography.Title level={5}>{t("policies.code.updates")}</Typography.Title>
          <ul style={list}>
            {p.updates.map((u) => (
              <li key={u.id}>
                {u.name}
                <ul style={list}>
                  {u.changes
                    .flatMap((c) => describePolicyChange(c))
                    .map((s, i) => (
                      <li key={i}>{s}</li>
                    ))}
                </ul>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {p.deletes.length > 0 ? (
        <section aria-label={t("policies.code.deletes")}>
          <Typography.Title level={5}>{t("policies.code.deletes")}</Typography.Title>
          <ul style={list}>
            {p.deletes.map((d) => (
              <li key={d.id}>{d.name}</li>
            ))}
          </ul>
        </section>
      ) : null}
      {p.notes.some((n) => n.messages.length > 0) ? (
        <Alert
          type={p.source === "trino" ? "info" : "warning"}
          showIcon
          title={t(p.source === "trino" ? "policies.code.notesTrino" : "policies.code.notes")}
          description={
            <ul style={list}>
              {p.notes
                .filter((n) => n.messages.length > 0)
                .map((n) => (
                  <li key={n.source}>
                    {n.source}
                    {n.policies.length > 0 ? (
                      <Typography.Text type="secondary">
                        {" "}
                        {t("policies.code.notePolicies", { names: n.policies.join(", ") })}
                      </Typography.Text>
                    ) : null}
                    <ul style={list}>
                      {n.messages.map((m, i) => (
                        <li key={i}>{m}</li>
                      ))}
                    </ul>
                  </li>
                ))}
            </ul>
          }
        />
      ) : null}
    </Flex>
  );
}
