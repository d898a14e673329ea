import { DeleteOutlined, ExportOutlined, FileTextOutlined, SearchOutlined } from "@ant-design/icons";
import { App, Button, Card, Flex, Input, Select, Space, Switch } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import type { Job, JobDeleteResult, JobKind } from "@console/contracts";
import { JOB_DELETE_FAILURE_MS, JOB_STATUSES, PAGE_SIZES, TOAST_MS } from "@console/contracts/constants";
import { toast } from "../../../app/shell/notify";
import { errorMessage } from "../../../shared/lib/api";
import { formatDateTime } from "../../../shared/lib/format";
import { useListState } from "../../../shared/lib/useListState";
import { confirmDestroy } from "../../../shared/ui/confirm";
import { ListTable, type ListColumn } from "../../../shared/ui/ListTable";
import { StatusBadge } from "../../../shared/ui/StatusBadge";
import { toComponentPodLogs } from "../../pod-logs/links";
import { useDeleteJobs, useJobs } from "../api";
import { JobDetailsDrawer } from "./JobDetailsDrawer";
import { jobBadge } from "./jobStatus";

/** Row actions by status (spec section 4): none when completed; Flink only while running. */
function actionsFor(kind: JobKind, job: Job) {
  if (job.status === "COMPLETED") return { ui: false, logs: null as string | null };
  const running = job.pods.find((p) => p.status === "Running");
  if (kind === "flink-jobs")
    return {
      ui: job.status === "RUNNING" && !!job.webUI,
      logs: job.status === "RUNNING" ? (running?.name ?? null) : null,
    };
  return { ui: job.status !== null && !!job.webUI, logs: running?.name ?? null };
}

/** The jobs table of the spark-jobs and flink-jobs components. */
export function JobsTable(props: { kind: JobKind }) {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const navigate = useNavigate();
  const [auto, setAuto] = useState(false);
  const [search, setSearch] = useState("");
  const [status, setStatus] = useState<string>("");
  const [selected, setSelected] = useState<string[]>([]);
  const [open, setOpen] = useState<string | null>(null);
  const list = useListState<null>({ pageSize: PAGE_SIZES[0], filters: null });
  const jobs = useJobs(props.kind, auto);
  const remove = useDeleteJobs(props.kind);
  const rows = (jobs.data?.items ?? []).filter(
    (j) => j.name.toLowerCase().includes(search.trim().toLowerCase()) && (!status || j.status === status),
  );

  const report = (r: JobDeleteResult, single?: string) => {
    if (single && props.kind === "flink-jobs") toast.success(t("jobs.deletedOne", { name: single }), TOAST_MS);
    else if (r.message) toast.success(r.message, TOAST_MS);
    if (r.success.length && !single) toast.success(`${t("jobs.deleteSuccess")} ${r.success.join(", ")}`, TOAST_MS);
    if (r.failure.length)
      toast.error(
        `${t("jobs.deleteFailureStart")} ${r.failure.join(", ")}. ${t("jobs.deleteFailureEnd")}`,
        JOB_DELETE_FAILURE_MS,
      );
    setSelected([]);
  };
  const run = (what: Parameters<typeof remove.mutateAsync>[0], single?: string) =>
    remove.mutateAsync(what).then(
      (r) => report(r, single),
      (err: unknown) => toast.error(errorMessage(err)),
    );
  const deleteClicked = () => {
    const names = selected.filter((n) => rows.some((r) => r.name === n));
    if (names.length)
      confirmDestroy(modal, t("jobs.confirmSelected", { names: names.join(", ") }), () => run({ names }));
    else if (rows.length) confirmDestroy(modal, t("jobs.confirmAll"), () => run({ all: true }));
  };

  const columns: ListColumn<Job>[] = [
    {
      title: t("jobs.name"),
      dataIndex: "name",
      render: (name: string) => (
        <Button type="link" size="small" style={{ padding: 0 }} onClick={() => setOpen(name)}>
          {name}
        </Button>
      ),
    },
    {
      title: t("jobs.status"),
      dataIndex: "status",
      render: (s: Job["status"]) => (s ? <StatusBadge {...jobBadge(s)} /> : null),
    },
    { title: t("jobs.job"), dataIndex: "job" },
    { title: t("jobs.startTime"), dataIndex: "startTime", render: (v: string | null) => formatDateTime(v) },
    {
      title: t("jobs.terminationTime"),
      dataIndex: "terminationTime",
      render: (v: string | null) => (v ? formatDateTime(v) : null),
    },
    {
      title: t("jobs.actions"),
      key: "actions",
      render: (_: unknown, j: Job) => {
        const a = actionsFor(props.kind, j);
        return (
          <Space size={0}>
            {a.ui ? (
              <Button
                type="link"
                size="small"
                icon={<ExportOutlined />}
                href={j.webUI!}
                target="_blank"
                rel="noopener"
                aria-label={t("jobs.openUi", { name: j.name })}
              >
                {t("jobs.ui")}
              </Button>
            ) : null}
            {a.logs ? (
              <Button
                type="link"
                size="small"
                icon={<FileTextOutlined />}
                aria-label={t("jobs.openLogs", { name: j.name })}
                onClick={() => void navigate(toComponentPodLogs(props.kind, a.logs!, j.name))}
              >
                {t("jobs.logs")}
              </Button>
            ) : null}
            {j.status !== "COMPLETED" ? (
              <Button
                type="link"
                size="small"
                danger
                icon={<DeleteOutlined />}
                aria-label={t("jobs.deleteOne", { name: j.name })}
                onClick={() =>
                  confirmDestroy(modal, t("jobs.confirmSelected", { names: j.name }), () =>
                    run({ one: j.name }, j.name),
                  )
                }
              />
            ) : null}
          </Space>
        );
      },
    },
  ];
  return (
    <Card
      size="small"
      title={t("jobs.title")}
      extra={
        <Flex gap={8} align="center">
          <span id={`auto-${props.kind}`}>{t("jobs.autoRefresh")}</span>
          <Switch checked={auto} onChange={setAuto} aria-labelledby={`auto-${props.kind}`} />
        </Flex>
      }
    >
      <Flex gap={8} wrap style={{ marginBottom: 12 }}>
        <Input
          allowClear
          prefix={<SearchOutlined />}
          aria-label={t("jobs.search")}
          placeholder={t("jobs.search")}
          value={search}
          onChange={(e) => {
            setSearch(e.target.value);
            list.setPage(0);
          }}
          style={{ width: 240 }}
        />
        <Select
          aria-label={t("jobs.statusFilter")}
          value={status}
          style={{ width: 180 }}
          onChange={(v) => {
            setStatus(v);
            list.setPage(0);
          }}
          options={[
            { value: "", label: t("jobs.allStatuses") },
            ...JOB_STATUSES.map((s) => ({ value: s, label: s.charAt(0) + s.slice(1).toLowerCase() })),
          ]}
        />
        <Button
          danger
          icon={<DeleteOutlined />}
          disabled={rows.length === 0}
          loading={remove.isPending}
          onClick={deleteClicked}
          style={{ marginLeft: "auto" }}
        >
          {selected.length ? t("jobs.deleteSelected") : t("jobs.deleteAll")}
        </Button>
      </Flex>
      {jobs.error ? (
        <div role="alert" style={{ marginBottom: 8, color: "var(--ant-color-error)" }}>
          {errorMessage(jobs.error)}
        </div>
      ) : null}
      <ListTable<Job>
        columns={columns}
        rows={rows}
        rowKey="name"
        list={list}
        loading={jobs.isLoading}
        clientPaging
        size="small"
        rowSelection={{
          selectedRowKeys: selected,
          onChange: (keys) => setSelected(keys.map(String)),
          getCheckboxProps: (j) => ({ "aria-label": t("jobs.select", { name: j.name }) }),
        }}
      />
      <JobDetailsDrawer kind={props.kind} name={open} autoRefresh={auto} onClose={() => setOpen(null)} />
    </Card>
  );
}
