import { Alert, Button, Card, Empty, Table, Tag } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import type { AccessReview } from "@console/contracts";
import { errorMessage } from "../../shared/lib/api";
import { formatDate, formatDateTime } from "../../shared/lib/format";
import { PageHeader } from "../../shared/ui/PageHeader";
import { policyCrumbs } from "../policies/crumbs";
import { useReviews } from "./api";
import { toReviewDetail, toWhoCanSee } from "./links";
import { StartReviewDialog } from "./StartReviewDialog";

/** Access reviews, newest first, and the way to start one. */
export default function ReviewsPage() {
  const { t } = useTranslation();
  const reviews = useReviews();
  const [starting, setStarting] = useState(false);
  return (
    <>
      <PageHeader
        crumbs={policyCrumbs(t, t("reviews.title"))}
        title={t("reviews.title")}
        extra={
          <>
            <Link to={toWhoCanSee()}>{t("whoCanSee.title")}</Link>
            <Button type="primary" onClick={() => setStarting(true)}>
              {t("reviews.start")}
            </Button>
          </>
        }
      />
      {reviews.isError ? <Alert type="error" showIcon title={errorMessage(reviews.error)} /> : null}
      <Card>
        <Table<AccessReview>
          size="small"
          rowKey="id"
          aria-label={t("reviews.title")}
          loading={reviews.isPending}
          dataSource={reviews.data?.items ?? []}
          locale={{ emptyText: <Empty description={t("reviews.none")} /> }}
          columns={[
            {
              title: t("reviews.name"),
              key: "name",
              render: (_, r) => <Link to={toReviewDetail(r.id)}>{r.name}</Link>,
            },
            {
              title: t("reviews.status"),
              key: "status",
              render: (_, r) => (
                <Tag color={r.status === "open" ? "blue" : "default"}>{t(`reviews.status.${r.status}`)}</Tag>
              ),
            },
            { title: t("reviews.dueDate"), dataIndex: "dueDate", render: (d: string) => formatDate(d) },
            {
              title: t("reviews.progress"),
              key: "progress",
              render: (_, r) => t("reviews.counts", { ...r.counts, count: r.counts.total }),
            },
            { title: t("reviews.createdBy"), dataIndex: "createdBy" },
            { title: t("reviews.createdAt"), key: "at", render: (_, r) => formatDateTime(r.createdAt) },
          ]}
        />
      </Card>
      <StartReviewDialog open={starting} onClose={() => setStarting(false)} />
    </>
  );
}
