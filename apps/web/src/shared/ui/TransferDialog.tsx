import { Modal, Transfer, Typography } from "antd";
import { useEffect, useMemo, useRef, useState } from "react";
import { useTranslation } from "react-i18next";

const LARGE_LIST = 500;

/**
 * Ant Design's Transfer draws each checkbox apart from its text, so a screen reader hears an
 * unnamed checkbox: name each one after its item, and the header ones after their list.
 */
function useNamedCheckboxes(lists: [string, string]) {
  const { t } = useTranslation();
  const ref = useRef<HTMLDivElement>(null);
  const [available, assigned] = lists;
  useEffect(() => {
    const root = ref.current;
    if (!root) return;
    const name = () => {
      root.querySelectorAll<HTMLElement>(".ant-transfer-section").forEach((list, i) => {
        const all = list.querySelector<HTMLInputElement>(".ant-transfer-list-header input[type=checkbox]");
        const label = t("transfer.selectAll", { list: i === 0 ? available : assigned });
        if (all && all.getAttribute("aria-label") !== label) all.setAttribute("aria-label", label);
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
  });
  return ref;
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
  loading?: boolean;
  onSave: (change: TransferChange) => Promise<unknown>;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [target, setTarget] = useState<string[]>(props.assigned);
  const [saving, setSaving] = useState(false);
  const titles: [string, string] = [t("transfer.available"), t("transfer.assigned")];
  const named = useNamedCheckboxes(titles);
  useEffect(() => {
    if (props.open) setTarget(props.assigned);
  }, [props.open, props.assigned]);

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
          onChange={(keys) => setTarget(keys.map(String))}
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
