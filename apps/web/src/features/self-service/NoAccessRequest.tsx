import { Button } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { RequestAccessDialog, type RequestDraft } from "./RequestAccessDialog";

const FROM_NOTHING: RequestDraft = { catalog: "", schema: "", tables: [], columns: [] };

/** The request form for someone with no menu at all: they name the catalog, schema and tables. */
export default function NoAccessRequest() {
  const { t } = useTranslation();
  const [draft, setDraft] = useState<RequestDraft | null>(null);
  return (
    <>
      <Button type="primary" onClick={() => setDraft(FROM_NOTHING)}>
        {t("request.fromNothing")}
      </Button>
      <RequestAccessDialog draft={draft} onClose={() => setDraft(null)} />
    </>
  );
}
