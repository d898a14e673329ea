import { Alert, Button, Card, Descriptions, Popconfirm, Spin } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useParams } from "react-router";
import { errorMessage } from "../../shared/lib/api";
import { formatDate, formatDateTime, PLACEHOLDER } from "../../shared/lib/format";
import { PageHeader } from "../../shared/ui/PageHeader";
import { downloadReport, useCloseReview, useReview, useReviewItems } from "./api";
import { ItemsTable } from "./ItemsTable";
import { toReviews } from "./links";
import { scopeLabels } from "./start-review";

const LIMIT = 100;

/** One review: its settings and progress, its items, its report, and closing it. */
export default function ReviewPage() {
  const { t } = useTranslation();
  const id = Number(useParams().id);
  const review = useReview(id);
  const [offset, setOffset] = useState(0);
  const items = useReviewItems(id, { offset, limit: LIMIT });
  const close = useCloseReview();
  const r = review.data;
  const crumbs = [
    { label: t("policies.breadcrumb"), to: "/policy-management" },
    { label: t("reviews.title"), to: toReviews() },
    { label: r?.name ?? String(id) },
  ];
  if (review.isError) return <Alert type="error" showIcon title={errorMessage(review.error)} />;
  if (!r) return <Spin />;
  const scope = scopeLabels(r.scope);
  return (
    <>
      <PageHeader
        crumbs={crumbs}
        title={r.name}
        extra={
          <>
            <Button onClick={() => void downloadReport(r.id)}>{t("reviews.report")}</Button>
            {r.status === "open" ? (
              <Popconfirm
                title={t("reviews.closeConfirm", { unanswered: t(`reviews.unanswered.${r.unanswered}`) })}
                onConfirm={() => close.mutate(r.id)}
              >
                <Button type="primary" loading={close.isPending}>
                  {t("reviews.close")}
                </Button>
              </Popconfirm>
            ) : null}
          </>
        }
      />
      <Card style={{ marginBottom: 16 }}>
        <Descriptions size="small" column={3}>
          <Descriptions.Item label={t("reviews.status")}>{t(`reviews.status.${r.status}`)}</Descriptions.Item>
          <Descriptions.Item label={t("reviews.dueDate")}>{formatDate(r.dueDate)}</Descriptions.Item>
          <Descriptions.Item label={t("reviews.unanswered")}>
            {t(`reviews.unanswered.${r.unanswered}`)}
          </Descriptions.Item>
          <Descriptions.Item label={t("reviews.scope")}>{scope.join(", ") || PLACEHOLDER}</Descriptions.Item>
          <Descriptions.Item label={t("reviews.progress")}>
            {t("reviews.counts", { ...r.counts, count: r.counts.total })}
          </Descriptions.Item>
          <Descriptions.Item label={t("reviews.applied")}>{r.revocationsApplied}</Descriptions.Item>
          <Descriptions.Item label={t("reviews.createdBy")}>
            {r.createdBy}, {formatDateTime(r.createdAt)}
          </Descriptions.Item>
          <Descriptions.Item label={t("reviews.closed")}>
            {r.closedAt ? `${r.closedBy}, ${formatDateTime(r.closedAt)}` : PLACEHOLDER}
          </Descriptions.Item>
        </Descriptions>
        {r.status === "closed" && r.revocationsApplied > 0 && !r.publishOnClose ? (
          <Alert type="info" showIcon title={t("reviews.waitForSync")} />
        ) : null}
      </Card>
      {items.isError ? <Alert type="error" showIcon title={errorMessage(items.error)} /> : null}
      <Card>
        <ItemsTable
          items={items.data?.items ?? []}
          total={items.data?.total ?? 0}
          loading={items.isPending}
          decidable={r.status === "open"}
          page={{ offset, limit: LIMIT }}
          onPage={setOffset}
          empty={t("reviews.noItems")}
        />
      </Card>
    </>
  );
}
