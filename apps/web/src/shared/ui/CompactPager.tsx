import { DownOutlined, LeftOutlined, RightOutlined } from "@ant-design/icons";
import { Button, Dropdown, type MenuProps } from "antd";
import { useRef, useState } from "react";
import { useTranslation } from "react-i18next";

type Slot = number | "gap-before" | "gap-after";

/** The page numbers to show (0-based): the first, the last, and the current one with two either side. */
export function pageSlots(current: number, count: number): Slot[] {
  if (count <= 7) return Array.from({ length: count }, (_, i) => i);
  // Five pages in the middle window, moved inwards near either end.
  const lo = Math.max(1, Math.min(current - 2, count - 6));
  const hi = Math.min(count - 2, Math.max(current + 2, 5));
  const out: Slot[] = [0];
  if (lo > 1) out.push("gap-before");
  for (let p = lo; p <= hi; p++) out.push(p);
  if (hi < count - 2) out.push("gap-after");
  out.push(count - 1);
  return out;
}

export interface CompactPagerProps {
  /** 0-based. */
  page: number;
  pageSize: number;
  total: number;
  pageSizes: readonly number[];
  onPage: (page: number) => void;
  onPageSize: (size: number) => void;
}

/**
 * The pager under a compact table: "N in total", previous, page numbers, next and the page size.
 * Made of Button and Dropdown only, which the shell already loads (antd's Pagination brings Select).
 */
export function CompactPager(props: CompactPagerProps) {
  const { t } = useTranslation();
  const [sizesOpen, setSizesOpen] = useState(false);
  const pager = useRef<HTMLDivElement>(null);
  // Closing the menu from the keyboard (a choice, Escape) would leave focus on the page's body:
  // it goes back to the button, as a menu button's does; a click on something else keeps its focus.
  const onSizesOpen = (open: boolean) => {
    setSizesOpen(open);
    const lost = () => document.activeElement === document.body || !!document.activeElement?.closest(".ant-dropdown");
    if (!open && lost())
      requestAnimationFrame(() => {
        if (lost()) pager.current?.querySelector<HTMLElement>("[aria-haspopup]")?.focus({ preventScroll: true });
      });
  };
  const count = Math.max(1, Math.ceil(props.total / props.pageSize));
  const page = Math.min(props.page, count - 1);
  const sizes: MenuProps = {
    items: props.pageSizes.map((s) => ({ key: String(s), label: t("common.pageSize", { size: s }) })),
    selectable: true,
    selectedKeys: [String(props.pageSize)],
    onClick: ({ key }) => props.onPageSize(Number(key)),
  };
  return (
    <div className="compact-pager" ref={pager}>
      <span className="compact-pager-total">{t("common.total", { count: props.total })}</span>
      <Button
        size="small"
        type="text"
        icon={<LeftOutlined />}
        aria-label={t("common.previousPage")}
        disabled={page === 0}
        onClick={() => props.onPage(page - 1)}
      />
      {pageSlots(page, count).map((slot) =>
        typeof slot === "number" ? (
          <Button
            key={slot}
            size="small"
            color={slot === page ? "primary" : "default"}
            variant={slot === page ? "outlined" : "text"}
            aria-label={t("common.page", { page: slot + 1 })}
            aria-current={slot === page ? "page" : undefined}
            onClick={() => props.onPage(slot)}
          >
            {slot + 1}
          </Button>
        ) : (
          <span key={slot} className="compact-pager-gap" aria-hidden>
            …
          </span>
        ),
      )}
      <Button
        size="small"
        type="text"
        icon={<RightOutlined />}
        aria-label={t("common.nextPage")}
        disabled={page >= count - 1}
        onClick={() => props.onPage(page + 1)}
      />
      <Dropdown menu={sizes} trigger={["click"]} autoFocus open={sizesOpen} onOpenChange={onSizesOpen}>
        <Button size="small" aria-haspopup="menu" aria-expanded={sizesOpen}>
          {t("common.pageSize", { size: props.pageSize })}
          <DownOutlined aria-hidden />
        </Button>
      </Dropdown>
    </div>
  );
}
