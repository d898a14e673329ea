import { DownOutlined, SearchOutlined, UpOutlined } from "@ant-design/icons";
import { Button, Flex, Input, Switch } from "antd";
import { useMemo, useState } from "react";
import { useTranslation } from "react-i18next";

/** The lines to show for a search: every line, or only those matching; and where the matches are. */
export function useLogSearch(lines: string[], search: string, onlyMatching: boolean) {
  const [current, setCurrent] = useState(0);
  const needle = search.trim().toLowerCase();
  const shown = useMemo(
    () => (needle && onlyMatching ? lines.filter((l) => l.toLowerCase().includes(needle)) : lines),
    [lines, needle, onlyMatching],
  );
  const matches = useMemo(() => {
    if (!needle) return [];
    const rows: number[] = [];
    shown.forEach((l, i) => {
      if (l.toLowerCase().includes(needle)) rows.push(i);
    });
    return rows;
  }, [shown, needle]);
  const at = matches.length === 0 ? -1 : Math.min(current, matches.length - 1);
  const step = (by: number) => setCurrent(((at < 0 ? 0 : at) + by + matches.length) % matches.length);
  return { shown, matches, at, activeRow: at < 0 ? null : matches[at]!, step, reset: () => setCurrent(0) };
}

/** The search box with its match count, previous and next, and the "matching lines only" switch. */
export function LogSearchBar(props: {
  search: string;
  onSearch: (s: string) => void;
  onlyMatching: boolean;
  onOnlyMatching: (v: boolean) => void;
  found: ReturnType<typeof useLogSearch>;
}) {
  const { t } = useTranslation();
  const { found } = props;
  const has = found.matches.length > 0;
  return (
    <Flex gap={8} align="center" wrap>
      <Input
        allowClear
        prefix={<SearchOutlined />}
        placeholder={t("podLogs.search")}
        aria-label={t("podLogs.search")}
        value={props.search}
        onChange={(e) => {
          props.onSearch(e.target.value);
          found.reset();
        }}
        onPressEnter={(e) => found.step(e.shiftKey ? -1 : 1)}
        style={{ width: 260 }}
      />
      {props.search.trim() ? (
        <span role="status" aria-live="polite">
          {has ? t("podLogs.matchOf", { current: found.at + 1, count: found.matches.length }) : t("podLogs.noMatch")}
        </span>
      ) : null}
      <Button
        icon={<UpOutlined />}
        aria-label={t("podLogs.previousMatch")}
        disabled={!has}
        onClick={() => found.step(-1)}
      />
      <Button
        icon={<DownOutlined />}
        aria-label={t("podLogs.nextMatch")}
        disabled={!has}
        onClick={() => found.step(1)}
      />
      <Flex gap={6} align="center">
        <Switch
          size="small"
          id="log-only-matching"
          aria-label={t("podLogs.onlyMatching")}
          checked={props.onlyMatching}
          onChange={props.onOnlyMatching}
        />
        <label htmlFor="log-only-matching">{t("podLogs.onlyMatching")}</label>
      </Flex>
    </Flex>
  );
}
