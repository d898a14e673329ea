import { Alert, Drawer, Spin } from "antd";
import { useTranslation } from "react-i18next";
import { errorMessage } from "../../shared/lib/api";
import { useExplain } from "./api";
import { ExplainView } from "./ExplainView";

/** A query explained, in a drawer (the audits' query-engine tab opens it). */
export function ExplainDrawer(props: { queryId: string | null; onClose: () => void }) {
  const { t } = useTranslation();
  const x = useExplain(props.queryId);
  return (
    <Drawer
      open={props.queryId !== null}
      onClose={props.onClose}
      size="large"
      title={t("explain.title", { id: props.queryId ?? "" })}
      destroyOnHidden
    >
      {x.isPending ? (
        <Spin />
      ) : x.isError ? (
        <Alert type="error" showIcon title={errorMessage(x.error)} />
      ) : (
        <ExplainView explanation={x.data} />
      )}
    </Drawer>
  );
}
