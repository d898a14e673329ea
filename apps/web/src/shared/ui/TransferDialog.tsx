import { LeftOutlined, RightOutlined } from "@ant-design/icons";
import { Button, Modal, Transfer, Typography } from "antd";
import { useEffect, useLayoutEffect, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";

const LARGE_LIST = 500;

/**
 * Ant Design's Transfer draws each checkbox apart from its text, so a screen reader hears an
 * unnamed checkbox: name each one after its item, the header ones and search boxes after their list.
 */
function useNamedCheckboxes(lists: [string, string]) {
  const { t } = useTranslation();
  // A callback ref: the dialog's body mounts after the dialog (in its own layer), without a render of ours.
  const [root, setRoot] = useState<HTMLDivElement | null>(null);
  const [available, assigned] = lists;
  useEffect(() => {
    if (!root) return;
    const name = () => {
      root.querySelectorAll<HTMLElement>(".ant-transfer-section").forEach((list, i) => {
        const all = list.querySelector<HTMLInputElement>(".ant-transfer-list-header input[type=checkbox]");
        const label = t("transfer.selectAll", { list: i === 0 ? available : assigned });
        if (all && all.getAttribute("aria-label") !== label) all.setAttribute("aria-label", label);
        const search = list.querySelector<HTMLInputElement>(".ant-transfer-list-body-search-wrapper input");
        const searchLabel = t("transfer.searchIn", { list: i === 0 ? available : assigned });
        if (search && search.getAttribute("aria-label") !== searchLabel) search.setAttribute("aria-label", searchLabel);
      });
      root.querySelectorAll<HTMLElement>("li.ant-transfer-list-content-item").forEach((item) => {
        const box = item.querySelector<HTMLInputElement>("input[type=checkbox]");
        const label = item.getAttribute("title") ?? item.textContent ?? "";
        if (box && box.getAttribute("aria-label") !== label) box.setAttribute("aria-label", label);
      });
    };
    name();
    const watch = new MutationObserver(name);
    watch.observe(root, { childList: true, subtree: true });
    return () => watch.disconnect();
  }, [root, t, available, assigned]);
  return [root, setRoot] as const;
}

/**
 * After a move the button pressed disables itself (nothing is selected any more) and the
 * browser drops focus to the page: put it back in the list the names left, on its first
 * name, or its search box when it is empty, as a two-list box of the WAI-ARIA practices does.
 */
function keepFocusAfterMove(root: HTMLElement, from: 0 | 1): void {
  const active = document.activeElement as HTMLButtonElement | null;
  if (active && root.contains(active) && !active.disabled) return;
  const list = root.querySelectorAll<HTMLElement>(".ant-transfer-section")[from];
  const next =
    list?.querySelector<HTMLElement>("li.ant-transfer-list-content-item input[type=checkbox]:not(:disabled)") ??
    list?.querySelector<HTMLElement>(".ant-transfer-list-body-search-wrapper input");
  next?.focus();
}

export interface TransferChange {
  toAssign: string[];
  toRemove: string[];
}

/**
 * The two-list dialog ("available" and "assigned") used to change group members, a user's
 * groups and menu or component assignments. Save stays disabled until something changed.
 */
export function TransferDialog(props: {
  open: boolean;
  title: string;
  subject: string;
  all: string[];
  assigned: string[];
  /** A full name for each key that has one, shown beside it (users by username). */
  labels?: Record<string, string>;
  /** What the two move buttons do, as their names say it ("Add to group", "Remove from group"). */
  moves: { add: string; remove: string };
  loading?: boolean;
  onSave: (change: TransferChange) => Promise<unknown>;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [target, setTarget] = useState<string[]>(props.assigned);
  const [saving, setSaving] = useState(false);
  const titles: [string, string] = [t("transfer.available"), t("transfer.assigned")];
  const [root, named] = useNamedCheckboxes(titles);
  useEffect(() => {
    if (props.open) setTarget(props.assigned);
  }, [props.open, props.assigned]);
  // The list the last move took names from, until focus is looked after (once drawn).
  const [movedFrom, setMovedFrom] = useState<0 | 1 | null>(null);
  useLayoutEffect(() => {
    if (movedFrom === null || !root) return;
    keepFocusAfterMove(root, movedFrom);
    setMovedFrom(null);
  }, [movedFrom, root]);

  const dataSource = useMemo(
    () =>
      [...new Set([...props.all, ...props.assigned])]
        .sort((a, b) => a.localeCompare(b))
        .map((key) => ({ key, title: key, description: props.labels?.[key] ?? "" })),
    [props.all, props.assigned, props.labels],
  );
  const before = new Set(props.assigned);
  const after = new Set(target);
  const change: TransferChange = {
    toAssign: target.filter((k) => !before.has(k)),
    toRemove: props.assigned.filter((k) => !after.has(k)),
  };
  const changed = change.toAssign.length > 0 || change.toRemove.length > 0;

  const save = async () => {
    setSaving(true);
    try {
      await props.onSave(change);
      props.onClose();
    } catch {
      // The error was shown; the dialog stays open so nothing is lost.
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open={props.open}
      title={
        <span>
          {props.title}
          <span style={{ fontWeight: 400 }}> · {props.subject}</span>
        </span>
      }
      okText={t("common.save")}
      cancelText={t("common.cancel")}
      okButtonProps={{ disabled: !changed, loading: saving }}
      onOk={save}
      onCancel={props.onClose}
      width={720}
      destroyOnHidden
    >
      <div ref={named}>
        <Transfer
          dataSource={dataSource}
          targetKeys={target}
          onChange={(keys, direction) => {
            setTarget(keys.map(String));
            setMovedFrom(direction === "right" ? 0 : 1);
          }}
          // Named for what they do; Ant Design's own are named after their arrows ("right", "left").
          actions={[
            <Button key="add" type="primary" size="small" icon={<RightOutlined />} aria-label={props.moves.add} />,
            <Button key="remove" type="primary" size="small" icon={<LeftOutlined />} aria-label={props.moves.remove} />,
          ]}
          render={(item) =>
            item.description ? (
              <span>
                {item.title} <Typography.Text type="secondary">· {item.description}</Typography.Text>
              </span>
            ) : (
              item.title
            )
          }
          filterOption={(input, item) =>
            `${item.title} ${item.description}`.toLowerCase().includes(input.trim().toLowerCase())
          }
          titles={titles}
          showSearch
          oneWay={false}
          // A directory can hold many thousands of names; render them a page at a time.
          pagination={dataSource.length > LARGE_LIST ? { pageSize: 100, simple: true } : false}
          listStyle={{ width: 310, height: 360 }}
          locale={{ searchPlaceholder: t("common.search"), notFoundContent: t("common.noData") }}
          disabled={props.loading}
        />
      </div>
    </Modal>
  );
}
