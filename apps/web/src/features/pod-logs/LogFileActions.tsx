import { DownloadOutlined } from "@ant-design/icons";
import { Button, Flex, Switch, Tooltip } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useMe } from "../../app/queries";
import { fileStamp, saveFile } from "../../shared/lib/download";

const WRAP_KEY = "podLogs.wrap";

/** Whether the log viewer wraps long lines: each user's own choice, kept in this browser. */
export function useLogWrap(): [boolean, (wrap: boolean) => void] {
  const user = useMe().data?.username ?? "";
  const key = `${WRAP_KEY}:${user}`;
  const [, redraw] = useState(0);
  const read = () => {
    try {
      return localStorage.getItem(key) === "true";
    } catch {
      return false;
    }
  };
  const set = (wrap: boolean) => {
    try {
      localStorage.setItem(key, String(wrap));
    } catch {
      // Storage refused (private mode): the choice lasts until the page is left.
    }
    redraw((n) => n + 1);
  };
  return [read(), set];
}

/** The text of a log file: exactly the given lines, one a line. */
export function logFileText(lines: string[]): string {
  return lines.length === 0 ? "" : `${lines.join("\n")}\n`;
}

/**
 * Wrap switch and Download: the file holds exactly the lines the viewer shows, after the
 * search's "matching lines only", of the pod, container, previous run or merged view shown.
 */
export function LogFileActions(props: {
  lines: string[];
  /** The file name's start, e.g. the pod and container. */
  name: string;
  wrap: boolean;
  onWrap: (wrap: boolean) => void;
}) {
  const { t } = useTranslation();
  return (
    <Flex gap={8} align="center">
      <Flex gap={6} align="center">
        <Switch
          size="small"
          id="log-wrap"
          aria-label={t("podLogs.wrap")}
          checked={props.wrap}
          onChange={props.onWrap}
        />
        <label htmlFor="log-wrap">{t("podLogs.wrap")}</label>
      </Flex>
      {/* Shown once there is something to save: a button that enabled itself as the first lines
          came would fade from its disabled grey while being read. */}
      {props.lines.length > 0 ? (
        <Tooltip title={t("podLogs.downloadHint")}>
          <Button
            icon={<DownloadOutlined />}
            onClick={() => saveFile(`${props.name}-${fileStamp()}.log`, logFileText(props.lines), "text/plain")}
          >
            {t("podLogs.download")}
          </Button>
        </Tooltip>
      ) : null}
    </Flex>
  );
}
