import { Alert, Card, Segmented } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { errorMessage } from "../../shared/lib/api";
import { PageHeader } from "../../shared/ui/PageHeader";
import { useMyItems } from "./api";
import { ItemsTable } from "./ItemsTable";

const LIMIT = 100;

/** A reviewer's own items in open reviews (no menu needed): open ones to decide, decided ones to look back on. */
export default function MyReviewsPage() {
  const { t } = useTranslation();
  const [show, setShow] = useState<"open" | "all">("open");
  const [offset, setOffset] = useState(0);
  const items = useMyItems({ ...(show === "open" ? { decision: "open" as const } : {}), offset, limit: LIMIT });
  return (
    <>
      <PageHeader crumbs={[{ label: t("myReviews.title") }]} title={t("myReviews.title")} />
      <Card
        extra={
          <Segmented
            aria-label={t("myReviews.show")}
            value={show}
            onChange={(v) => {
              setShow(v as "open" | "all");
              setOffset(0);
            }}
            options={[
              { value: "open", label: t("myReviews.open") },
              { value: "all", label: t("myReviews.all") },
            ]}
          />
        }
      >
        {items.isError ? <Alert type="error" showIcon title={errorMessage(items.error)} /> : null}
        <ItemsTable
          items={items.data?.items ?? []}
          total={items.data?.total ?? 0}
          loading={items.isPending}
          decidable
          showReview
          page={{ offset, limit: LIMIT }}
          onPage={setOffset}
          empty={t("myReviews.none")}
        />
      </Card>
    </>
  );
}
