import type { useAppProps } from "antd/es/app/context";
import i18n from "../../i18n";

type ModalApi = useAppProps["modal"];

/** The "Are you sure?" confirmation naming what is about to go; resolves true on confirm. */
export function confirmDestroy(modal: ModalApi, what: string, onConfirm: () => Promise<unknown>): void {
  modal.confirm({
    title: i18n.t("common.areYouSure"),
    content: what,
    okText: i18n.t("common.confirm"),
    okButtonProps: { danger: true },
    cancelText: i18n.t("common.cancel"),
    onOk: () => onConfirm(),
  });
}
