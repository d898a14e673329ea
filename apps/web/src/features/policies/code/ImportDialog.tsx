import { UploadOutlined } from "@ant-design/icons";
import { Alert, Button, Flex, Modal, Popconfirm, Radio, Select, Spin, Typography } from "antd";
import { useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import type { PolicyImportMode } from "@console/contracts";
import { POLICY_DOCUMENT_MAX_CHARS } from "@console/contracts/constants";
import { toast } from "../../../app/shell/notify";
import { errorMessage } from "../../../shared/lib/api";
import { useLookups } from "../api";
import { useApplyImport, usePlanImport } from "./api";
import { PlanView } from "./PlanView";

/** Import: a policy document or a Ranger export is planned first; Apply writes it (Sync stays a separate step). */
export function ImportDialog(props: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<{ name: string; text: string } | null>(null);
  const [mode, setMode] = useState<PolicyImportMode>("merge");
  // Ranger's Hive service has no catalogs: the administrator says which Trino catalog its policies name.
  const [hiveCatalog, setHiveCatalog] = useState("hive");
  const lookups = useLookups();
  const plan = usePlanImport();
  const apply = useApplyImport();
  const planned = plan.data;
  const changes = planned ? planned.creates.length + planned.updates.length + planned.deletes.length : 0;

  const replan = (f: { name: string; text: string } | null, m: PolicyImportMode, catalog = hiveCatalog) => {
    if (f) plan.mutate({ document: f.text, mode: m, hiveCatalog: catalog });
  };
  const choose = async (picked: File | undefined) => {
    if (!picked) return;
    if (picked.size > POLICY_DOCUMENT_MAX_CHARS) return toast.error(t("policies.code.tooLarge"));
    const f = { name: picked.name, text: await picked.text() };
    setFile(f);
    replan(f, mode);
  };
  const close = () => {
    setFile(null);
    setHiveCatalog("hive");
    plan.reset();
    apply.reset();
    props.onClose();
  };
  const doApply = async () => {
    if (!file) return;
    try {
      const r = await apply.mutateAsync({ document: file.text, mode, hiveCatalog });
      toast.success(t("policies.code.applied", { created: r.created, updated: r.updated, deleted: r.deleted }));
      close();
    } catch (err) {
      toast.error(errorMessage(err), 10_000);
    }
  };

  return (
    <Modal
      open={props.open}
      title={t("policies.code.importTitle")}
      onCancel={close}
      width={720}
      destroyOnHidden
      footer={
        <Flex justify="end" gap={8}>
          <Button onClick={close}>{t("common.cancel")}</Button>
          <Popconfirm
            title={t("policies.code.confirmTitle")}
            description={t("policies.code.confirm", { count: changes })}
            okText={t("policies.code.apply")}
            onConfirm={() => void doApply()}
          >
            <Button type="primary" disabled={!planned?.valid || changes === 0} loading={apply.isPending}>
              {t("policies.code.apply")}
            </Button>
          </Popconfirm>
        </Flex>
      }
    >
      <Flex vertical gap={12}>
        <Typography.Text>{t("policies.code.importHelp")}</Typography.Text>
        <Flex gap={12} align="center" wrap>
          <input
            ref={input}
            type="file"
            accept=".yaml,.yml,.json,application/json,application/yaml"
            hidden
            onChange={(e) => void choose(e.target.files?.[0])}
          />
          <Button icon={<UploadOutlined />} onClick={() => input.current?.click()}>
            {t("policies.code.chooseFile")}
          </Button>
          {file ? <Typography.Text>{file.name}</Typography.Text> : null}
          <Radio.Group
            aria-label={t("policies.code.mode")}
            value={mode}
            onChange={(e) => {
              const m = e.target.value as PolicyImportMode;
              setMode(m);
              replan(file, m);
            }}
            options={[
              { value: "merge", label: t("policies.code.merge") },
              { value: "replace", label: t("policies.code.replace") },
            ]}
          />
        </Flex>
        {planned?.source === "ranger" ? (
          <Flex gap={8} align="center" wrap>
            <label htmlFor="import-hive-catalog">{t("policies.code.hiveCatalog")}</label>
            <Select
              id="import-hive-catalog"
              showSearch
              style={{ minWidth: 200 }}
              value={hiveCatalog}
              loading={lookups.isLoading}
              options={[...new Set(["hive", ...(lookups.data?.catalogs.map((c) => c.name) ?? [])])].map((c) => ({
                value: c,
                label: c,
              }))}
              onChange={(c: string) => {
                setHiveCatalog(c);
                replan(file, mode, c);
              }}
            />
            <Typography.Text type="secondary">{t("policies.code.hiveCatalogHelp")}</Typography.Text>
          </Flex>
        ) : null}
        <Spin spinning={plan.isPending} tip={t("policies.code.planning")}>
          <div style={{ minHeight: 48 }} aria-busy={plan.isPending}>
            {plan.isError ? <Alert type="error" showIcon title={errorMessage(plan.error)} /> : null}
            {planned && !plan.isPending ? <PlanView plan={planned} /> : null}
          </div>
        </Spin>
      </Flex>
    </Modal>
  );
}
