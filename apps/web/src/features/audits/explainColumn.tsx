import { Button } from "antd";
import type { ListColumn } from "../../shared/ui/ListTable";
import type { ColumnContext, Row } from "./column-types";

/** An access denial is Trino's PERMISSION_DENIED error. */
export const isAccessDenied = (r: Row) => typeof r.error === "string" && r.error.startsWith("PERMISSION_DENIED");

/** The query-engine tab's Explain action: on every query, prominent on access denials. */
export const explainColumn = ({ t, open }: ColumnContext): ListColumn<Row> => ({
  title: t("explain.action"),
  key: "explain",
  render: (_: unknown, r: Row) => (
    <Button
      size="small"
      type={isAccessDenied(r) ? "primary" : "link"}
      danger={isAccessDenied(r)}
      aria-label={t("explain.actionFor", { id: String(r.queryId) })}
      onClick={() => open({ kind: "explain", row: r })}
    >
      {t("explain.action")}
    </Button>
  ),
});
