import { AuditOutlined, CheckSquareOutlined, SafetyOutlined } from "@ant-design/icons";
import { Badge, Button, Tooltip } from "antd";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { useMyReviewCount } from "../../features/access-reviews/api";
import { toMyReviews } from "../../features/access-reviews/links";
import { usePendingCount } from "../../features/self-service/api";
import { toMyAccess } from "../../features/self-service/routes";
import { toPolicies, toReview } from "../../features/policies/links";
import { useMenu, usePublicConfig } from "../queries";

/** For reviewers (the policy-management menu): the pending table access requests, opening the oldest for review. */
export function PendingRequestsBadge() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const config = usePublicConfig().data;
  const reviewer =
    (useMenu().data ?? []).some((m) => m.menuLabel === "policy-management") &&
    !config?.restrictedMenus.includes("policy-management");
  const pending = usePendingCount(reviewer).data;
  if (!reviewer || !pending || pending.count === 0) return null;
  const label = t("header.pendingRequests", { count: pending.count });
  return (
    <Tooltip title={label}>
      <Badge count={pending.count} size="small" offset={[-4, 4]}>
        <Button
          type="text"
          icon={<AuditOutlined />}
          aria-label={label}
          onClick={() => void navigate(pending.oldestId !== null ? toReview(pending.oldestId) : toPolicies())}
        />
      </Badge>
    </Tooltip>
  );
}

/** The user menu's way to "My access", open to every signed-in user. */
export function MyAccessButton(props: { onOpen?: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const open = () => {
    props.onOpen?.();
    void navigate(toMyAccess());
  };
  return (
    <Button icon={<SafetyOutlined />} onClick={open} block>
      {t("myAccess.title")}
    </Button>
  );
}

/** "My reviews", beside My access: a reviewer's items to decide, counted; no menu is needed. */
export function MyReviewsButton(props: { onOpen?: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const count = useMyReviewCount().data?.count ?? 0;
  const open = () => {
    props.onOpen?.();
    void navigate(toMyReviews());
  };
  return (
    <Button
      icon={<CheckSquareOutlined />}
      onClick={open}
      block
      aria-label={count > 0 ? t("header.myReviewsOpen", { count }) : t("header.myReviews")}
    >
      {t("header.myReviews")} {count > 0 ? <Badge count={count} size="small" /> : null}
    </Button>
  );
}
