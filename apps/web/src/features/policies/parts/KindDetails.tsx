import { Descriptions, Typography } from "antd";
import { useTranslation } from "react-i18next";
import type { Policy } from "@console/contracts";
import { ALL } from "@console/contracts/constants";
import { formatPeriod, PLACEHOLDER } from "../../../shared/lib/format";
import { Chips } from "./Chips";

/** A row's expansion for the kinds that govern the rest of Trino's rules file, and for a verbatim rule. */
export function KindDetails({ policy: p }: { policy: Policy }) {
  const { t } = useTranslation();
  const a = p.access;
  const c = p.category;
  const items: Array<{ key: string; label: string; children: React.ReactNode; span?: number }> = [];
  const add = (key: string, label: string, children: React.ReactNode, span?: number) =>
    items.push({ key, label, children, ...(span ? { span } : {}) });
  const decision = t(a.allow ? "policies.decision.allow" : "policies.decision.deny");

  if (c === "trinoRule") {
    add("section", t("policies.field.section"), <code>{a.section}</code>);
    add("rule", t("policies.field.rule"), <Typography.Text code>{JSON.stringify(a.rule)}</Typography.Text>, 2);
  } else {
    if (c === "catalogSessionProperties" || c === "functions" || c === "procedures")
      add("catalog", t("policies.field.catalog"), p.catalogName === ALL ? t("policies.everyCatalog") : p.catalogName);
    if (c === "functions" || c === "procedures")
      add("schema", t("policies.field.schema"), p.schemaName.join(", ") || t("policies.everySchema"));
    if (c === "queries") {
      add(
        "queryAccess",
        t("policies.field.queryAccess"),
        a.queryAccess.map((x) => t(`policies.queryAccess.${x}`)).join(", ") || PLACEHOLDER,
      );
      add(
        "queryOwners",
        t("policies.field.queryOwners"),
        <Chips values={a.queryOwners} allLabel={t("policies.anyonesQueries")} />,
      );
    }
    if (c === "impersonation" || c === "authorization")
      add(
        "targetUsers",
        t(`policies.field.targetUsers.${c}`),
        <Chips values={a.targetUsers} allLabel={t("policies.anyone")} />,
      );
    if (c === "authorization")
      add(
        "targetRoles",
        t("policies.field.targetRoles"),
        <Chips values={a.targetRoles} allLabel={t("policies.anyone")} />,
      );
    if (c === "systemInformation")
      add(
        "systemInformation",
        t("policies.field.systemInformation"),
        a.systemInformation.map((x) => t(`policies.systemInformation.${x}`)).join(", ") || t("policies.decision.deny"),
      );
    if (c === "systemSessionProperties" || c === "catalogSessionProperties")
      add(
        "properties",
        t("policies.field.properties"),
        <Chips values={a.properties} allLabel={t("policies.everyProperty")} />,
      );
    if (c === "functions" || c === "procedures") {
      add(
        "routines",
        t(`policies.field.${c}`),
        <Chips
          values={a.routines}
          allLabel={t(c === "functions" ? "policies.everyFunction" : "policies.everyProcedure")}
        />,
      );
      add("routinePrivileges", t("policies.field.routinePrivileges"), a.routinePrivileges.join(", ") || PLACEHOLDER);
    }
    if (["impersonation", "authorization", "systemSessionProperties", "catalogSessionProperties"].includes(c))
      add("decision", t("policies.field.decision"), decision);
    add("users", t("policies.field.users"), <Chips values={p.assignToUsers} allLabel={t("policies.allUsers")} />);
    add("groups", t("policies.field.groups"), <Chips values={p.assignToGroups} allLabel={t("policies.allGroups")} />);
  }
  add("period", t("policies.field.period"), formatPeriod(p.tnc.startDate, p.tnc.endDate) ?? t("policies.noPeriod"), 2);
  return (
    <Descriptions
      size="small"
      bordered
      column={2}
      title={t(`policies.kind.title.${c === "trinoRule" ? "verbatim" : "rules"}`)}
      items={items}
    />
  );
}
