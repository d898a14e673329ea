import { ReloadOutlined } from "@ant-design/icons";
import { Alert, Button, Flex, Modal, Select, Switch, Tag, Tooltip, Typography } from "antd";
import { useEffect, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate, useParams, useSearchParams } from "react-router";
import type { JobKind } from "@console/contracts";
import { useComponentList } from "../../app/queries";
import { ApiError, errorMessage } from "../../shared/lib/api";
import { zoneLabel } from "../../shared/lib/format";
import { PageHeader } from "../../shared/ui/PageHeader";
import { StatusBadge } from "../../shared/ui/StatusBadge";
import { useJobDetails } from "../components/api";
import { toComponents } from "../components/links";
import { useHostPods } from "../home/api";
import { toHost } from "../hosts/links";
import { useComponentPods, useLogFollow, usePreviousLog } from "./api";
import { LogFileActions, useLogWrap } from "./LogFileActions";
import { LogSearchBar, useLogSearch } from "./LogSearch";
import { useMergedLogs } from "./mergedLogs";
import { LogViewer } from "./LogViewer";
import { toComponentPodLogs, toHostPodLogs } from "./links";

const STATE_COLOR = {
  connecting: "default",
  following: "processing",
  reconnecting: "warning",
  gone: "default",
  failed: "error",
} as const;

/** Pod logs, from a component's pods or a host's (spec: pod logs screen). */
export default function PodLogsPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { component, host, podName = "" } = useParams();
  const [params] = useSearchParams();
  const job = params.get("job");
  // A Spark or Flink job's pods come from the job itself, refreshed every 5 s.
  const jobKind: JobKind | undefined =
    job && (component === "spark-jobs" || component === "flink-jobs") ? component : undefined;
  const hostPods = useHostPods(host);
  const componentPods = useComponentPods(jobKind ? undefined : component);
  const jobDetails = useJobDetails(jobKind, job);
  const pods = host ? hostPods : jobKind ? jobDetails : componentPods;
  const podItems = host ? hostPods.data?.items : jobKind ? jobDetails.data?.pods : componentPods.data?.items;
  const label = useComponentList()
    .data?.sections.flatMap((s) => s.components)
    .find((c) => c.key === component)?.label;
  const pod = podItems?.find((p) => p.name === podName);
  const [container, setContainer] = useState<string | undefined>(undefined);
  const [generation, setGeneration] = useState(0);
  const [search, setSearch] = useState("");
  const [onlyMatching, setOnlyMatching] = useState(false);
  // A new pod starts on its first container (spec section 4).
  useEffect(() => setContainer(undefined), [podName]);
  const activeContainer = container ?? pod?.containers[0];
  const target = useMemo(
    () =>
      pod && activeContainer
        ? { namespace: pod.namespace, pod: pod.name, container: activeContainer, ...(jobKind ? { job: jobKind } : {}) }
        : null,
    [pod, activeContainer, jobKind],
  );
  const [previousRun, setPreviousRun] = useState(false);
  const [mergedView, setMergedView] = useState(false);
  const merged = useMergedLogs(podItems, jobKind, mergedView && !host);
  const follow = useLogFollow(previousRun || mergedView ? null : target, generation);
  const previous = usePreviousLog(jobKind ? null : target, previousRun && !mergedView);
  const lines = mergedView ? merged.lines : previousRun ? (previous.data?.lines ?? []) : follow.lines;
  const found = useLogSearch(lines, search, onlyMatching);
  const [wrap, setWrap] = useLogWrap();
  const fileName = mergedView
    ? `${component ?? host}-all-pods`
    : [podName, job ? null : activeContainer, previousRun ? "previous" : null].filter(Boolean).join("-");
  const jobGone = jobDetails.error instanceof ApiError && jobDetails.error.status === 404;
  const podGone = (!!podItems && !pod) || follow.state === "gone" || jobGone;
  const back = host ? toHost(host) : toComponents(component);
  const crumbs = host
    ? [{ label: host, to: toHost(host) }, { label: t("podLogs.logs") }]
    : [
        { label: t("menu.components"), to: toComponents() },
        { label: label ?? component ?? "", to: toComponents(component) },
        { label: t("podLogs.logs") },
      ];
  const podsError = pods.error && !jobGone ? errorMessage(pods.error) : null;

  return (
    <>
      <PageHeader crumbs={crumbs} title={podName} />
      <Flex vertical gap={12}>
        <Flex gap={8} wrap align="center">
          <Select
            aria-label={t("podLogs.pod")}
            style={{ minWidth: 320 }}
            value={podName}
            loading={pods.isLoading}
            onChange={(name) =>
              void navigate(host ? toHostPodLogs(host, name) : toComponentPodLogs(component!, name, job ?? undefined), {
                replace: true,
              })
            }
            options={(podItems ?? []).map((p) => ({
              value: p.name,
              label: (
                <Flex justify="space-between" gap={12}>
                  <span>{p.name}</span>
                  <StatusBadge value={p.status} />
                </Flex>
              ),
            }))}
          />
          {!job && pod ? (
            <Select
              aria-label={t("podLogs.container")}
              style={{ minWidth: 200 }}
              value={activeContainer}
              onChange={(c) => setContainer(c)}
              options={pod.containers.map((c) => ({ value: c, label: c }))}
            />
          ) : null}
          <Tooltip title={t("podLogs.reload")}>
            <Button
              icon={<ReloadOutlined />}
              aria-label={t("podLogs.reload")}
              onClick={() => setGeneration((g) => g + 1)}
            />
          </Tooltip>
          <LogSearchBar
            search={search}
            onSearch={setSearch}
            onlyMatching={onlyMatching}
            onOnlyMatching={setOnlyMatching}
            found={found}
          />
          {!host && (podItems?.length ?? 0) > 1 ? (
            <Flex gap={6} align="center">
              <Switch
                size="small"
                id="log-all-pods"
                aria-label={t("podLogs.allPods")}
                checked={mergedView}
                onChange={setMergedView}
              />
              <label htmlFor="log-all-pods">{t("podLogs.allPods")}</label>
            </Flex>
          ) : null}
          {!job && pod && !mergedView ? (
            <Flex gap={6} align="center">
              <Switch
                size="small"
                id="log-previous-run"
                aria-label={t("podLogs.previousRun")}
                checked={previousRun}
                onChange={setPreviousRun}
              />
              <label htmlFor="log-previous-run">{t("podLogs.previousRun")}</label>
            </Flex>
          ) : null}
          {target && !previousRun ? (
            <Tag color={STATE_COLOR[follow.state]}>{t(`podLogs.state.${follow.state}`)}</Tag>
          ) : null}
          <LogFileActions lines={found.shown} name={fileName} wrap={wrap} onWrap={setWrap} />
          <span aria-live="polite" style={{ marginLeft: "auto" }}>
            {t("podLogs.lineCount", { count: lines.length })}
          </span>
        </Flex>
        {podsError ? <Alert type="error" showIcon role="alert" title={podsError} /> : null}
        {previousRun && previous.error ? (
          <Alert
            type="info"
            showIcon
            role="alert"
            title={errorMessage(previous.error).replace(/^query\.previous: /, "")}
          />
        ) : null}
        {follow.error && !previousRun ? <Alert type="error" showIcon role="alert" title={follow.error} /> : null}
        {podGone && !job ? <Alert type="warning" showIcon title={t("podLogs.podGone")} /> : null}
        <LogViewer
          lines={found.shown}
          search={search.trim()}
          activeRow={found.activeRow}
          wrap={wrap}
          height={Math.max(300, window.innerHeight - 300)}
        />
        <Typography.Text type="secondary">{t("podLogs.timesNote", { zone: zoneLabel() })}</Typography.Text>
      </Flex>
      <Modal
        open={podGone && !!job}
        title={t("podLogs.completedTitle")}
        closable={false}
        cancelButtonProps={{ style: { display: "none" } }}
        onOk={() => void navigate(back)}
      >
        {t("podLogs.completed")}
      </Modal>
    </>
  );
}
