import { CloudDownloadOutlined, CloudUploadOutlined } from "@ant-design/icons";
import { Button } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { PolicyExportQuery } from "@console/contracts";
import { ExportDialog } from "./ExportDialog";
import { ImportDialog } from "./ImportDialog";

/** The list's policies-as-code buttons: export as a document, import one (or a Ranger export). */
export function CodeButtons(props: { filter: PolicyExportQuery; filtered: boolean; canEdit: boolean }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState<"export" | "import" | null>(null);
  return (
    <>
      <Button icon={<CloudDownloadOutlined />} onClick={() => setOpen("export")}>
        {t("policies.code.export")}
      </Button>
      <Button icon={<CloudUploadOutlined />} disabled={!props.canEdit} onClick={() => setOpen("import")}>
        {t("policies.code.import")}
      </Button>
      <ExportDialog
        open={open === "export"}
        filter={props.filter}
        filtered={props.filtered}
        onClose={() => setOpen(null)}
      />
      <ImportDialog open={open === "import"} onClose={() => setOpen(null)} />
    </>
  );
}
