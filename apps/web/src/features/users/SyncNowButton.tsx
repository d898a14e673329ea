import { SyncOutlined } from "@ant-design/icons";
import { Button } from "antd";
import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { toast } from "../../app/shell/notify";
import { useSyncJob, useSyncNow, usersKeys } from "./api";

/** Starts a full sync and follows its job until it ends, then reloads the lists. */
export function SyncNowButton() {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const start = useSyncNow();
  const [jobId, setJobId] = useState<string | null>(null);
  const job = useSyncJob(jobId);

  useEffect(() => {
    const j = job.data;
    if (!j || j.status === "running") return;
    if (j.status === "completed") toast.success(t("sync.synced", { message: j.message ?? "" }));
    else toast.error(t("sync.failed", { message: j.message ?? "" }));
    setJobId(null);
    void qc.invalidateQueries({ queryKey: usersKeys.all });
    void qc.invalidateQueries({ queryKey: ["sync"] });
  }, [job.data, qc, t]);

  const running = start.isPending || !!jobId;
  return (
    <Button
      icon={<SyncOutlined spin={running} />}
      loading={false}
      disabled={running}
      onClick={() =>
        start.mutate(undefined, {
          onSuccess: (res) => {
            toast.info(t("sync.started"));
            setJobId(res.jobId);
          },
        })
      }
    >
      {running ? t("sync.running") : t("sync.now")}
    </Button>
  );
}
