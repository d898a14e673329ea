import { Flex, Modal, Radio, Typography } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { PolicyExportQuery } from "@console/contracts";
import { toast } from "../../../app/shell/notify";
import { errorMessage } from "../../../shared/lib/api";
import { downloadDocument } from "./api";

/** Export as code: YAML or JSON, every policy or the list as filtered now. */
export function ExportDialog(props: {
  open: boolean;
  filter: PolicyExportQuery;
  filtered: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [format, setFormat] = useState<"yaml" | "json">("yaml");
  const [scope, setScope] = useState<"all" | "filtered">("all");
  const [busy, setBusy] = useState(false);
  const run = async () => {
    setBusy(true);
    try {
      await downloadDocument({ ...(scope === "filtered" ? props.filter : {}), format });
      props.onClose();
    } catch (err) {
      toast.error(errorMessage(err));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal
      open={props.open}
      title={t("policies.code.exportTitle")}
      okText={t("policies.code.download")}
      onOk={() => void run()}
      onCancel={props.onClose}
      okButtonProps={{ loading: busy }}
      destroyOnHidden
    >
      <Flex vertical gap={12}>
        <Typography.Text>{t("policies.code.exportHelp")}</Typography.Text>
        <Radio.Group
          aria-label={t("policies.code.format")}
          value={format}
          onChange={(e) => setFormat(e.target.value as "yaml" | "json")}
          options={[
            { value: "yaml", label: "YAML" },
            { value: "json", label: "JSON" },
          ]}
        />
        <Radio.Group
          aria-label={t("policies.code.scope")}
          value={scope}
          onChange={(e) => setScope(e.target.value as "all" | "filtered")}
          options={[
            { value: "all", label: t("policies.code.scopeAll") },
            { value: "filtered", label: t("policies.code.scopeFiltered"), disabled: !props.filtered },
          ]}
        />
      </Flex>
    </Modal>
  );
}
