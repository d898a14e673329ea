import { FilterOutlined } from "@ant-design/icons";
import { Badge, Button, Flex, Popover } from "antd";
import { useEffect, useState, type ReactNode } from "react";
import { useTranslation } from "react-i18next";

function same(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

function countActive<F extends object>(applied: F, defaults: F): number {
  return Object.keys(applied).filter(
    (k) => !same((applied as Record<string, unknown>)[k], (defaults as Record<string, unknown>)[k]),
  ).length;
}

export interface FilterPopoverProps<F extends object> {
  applied: F;
  defaults: F;
  /** Checks the draft; returns a message to show (the caller decides how) or null to apply. */
  validate?: (draft: F) => string | null;
  onInvalid?: (message: string) => void;
  onApply: (draft: F) => void;
  children: (draft: F, setDraft: (next: F) => void) => ReactNode;
  maxHeight?: number;
  width?: number;
  /** Closes the popover when this value changes (e.g. the active tab). */
  closeOn?: unknown;
}

/**
 * A filter button with a popover holding a draft: Apply validates and applies it (disabled
 * while nothing changed), Clear appears only when filters are not the defaults.
 */
export function FilterPopover<F extends object>(props: FilterPopoverProps<F>) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [draft, setDraft] = useState<F>(props.applied);
  useEffect(() => setDraft(props.applied), [props.applied, open]);
  useEffect(() => setOpen(false), [props.closeOn]);
  const active = countActive(props.applied, props.defaults);

  const apply = () => {
    const problem = props.validate?.(draft) ?? null;
    if (problem) return props.onInvalid?.(problem);
    props.onApply(draft);
    setOpen(false);
  };

  const content = (
    <Flex vertical gap={12} style={{ width: props.width ?? 320, maxHeight: props.maxHeight ?? 418, overflowY: "auto" }}>
      {props.children(draft, setDraft)}
      <Flex justify="flex-end" gap={8}>
        {active > 0 ? (
          <Button
            onClick={() => {
              props.onApply(props.defaults);
              setOpen(false);
            }}
          >
            {t("common.clear")}
          </Button>
        ) : null}
        <Button type="primary" onClick={apply} disabled={same(draft, props.applied)}>
          {t("common.apply")}
        </Button>
      </Flex>
    </Flex>
  );

  return (
    <Popover
      content={content}
      trigger="click"
      open={open}
      onOpenChange={setOpen}
      placement="bottomRight"
      title={t("common.filter")}
    >
      <Badge count={active} size="small">
        <Button icon={<FilterOutlined />} aria-label={t("common.filter")}>
          {t("common.filter")}
        </Button>
      </Badge>
    </Popover>
  );
}
