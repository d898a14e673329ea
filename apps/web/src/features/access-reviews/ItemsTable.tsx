import { Button, Empty, Flex, Input, Table, Tag, Typography } from "antd";
import { useState, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import type { ReviewItem } from "@console/contracts";
import { formatDate, formatDateTime, PLACEHOLDER } from "../../shared/lib/format";
import { PrivilegeTags } from "../../shared/ui/PrivilegeTags";
import { useDecide } from "./api";
import { Paths, Use } from "./Evidence";

export const itemTarget = (i: ReviewItem) => `${i.catalog}.${i.schema}.${i.table}`;

/** A decision already taken: what, by whom, when and why, and what it changed. */
function Decided({ i }: { i: ReviewItem }) {
  const { t } = useTranslation();
  if (!i.decision) return <Tag>{t("reviews.undecided")}</Tag>;
  return (
    <>
      <Tag color={i.decision === "keep" ? "green" : "red"}>
        {i.decision === "end"
          ? t("reviews.decision.endOn", { date: formatDate(i.endDate) })
          : t(`reviews.decision.${i.decision}`)}
      </Tag>
      {i.byDefault ? <Tag>{t("reviews.byDefault")}</Tag> : null}
      <div>
        <Typography.Text type="secondary">
          {i.decidedBy} {i.decidedAt ? formatDateTime(i.decidedAt) : null}
        </Typography.Text>
      </div>
      {i.comment ? <div>{i.comment}</div> : null}
      {(i.revocation ?? []).map((s) => (
        <div key={s.detail}>
          <Typography.Text type="secondary">{s.detail}</Typography.Text>
        </div>
      ))}
    </>
  );
}

/** Keep, revoke or end on a date, with a comment: buttons and fields reached by keyboard, each named for its item. */
function Decide({ i }: { i: ReviewItem }) {
  const { t } = useTranslation();
  const decide = useDecide();
  const [comment, setComment] = useState("");
  const [endDate, setEndDate] = useState("");
  const who = { user: i.username, target: itemTarget(i) };
  const send = (decision: "keep" | "revoke" | "end") =>
    decide.mutate({ itemId: i.id, body: { decision, comment, endDate: decision === "end" ? endDate : null } });
  return (
    <Flex vertical gap={4}>
      <Input
        size="small"
        aria-label={t("reviews.commentFor", who)}
        placeholder={t("reviews.comment")}
        value={comment}
        onChange={(e) => setComment(e.target.value)}
      />
      <Flex gap={4} wrap>
        <Button
          size="small"
          aria-label={t("reviews.keepFor", who)}
          onClick={() => send("keep")}
          loading={decide.isPending}
        >
          {t("reviews.decision.keep")}
        </Button>
        <Button size="small" danger aria-label={t("reviews.revokeFor", who)} onClick={() => send("revoke")}>
          {t("reviews.decision.revoke")}
        </Button>
        <Input
          size="small"
          type="date"
          style={{ width: 150 }}
          aria-label={t("reviews.endDateFor", who)}
          value={endDate}
          onChange={(e) => setEndDate(e.target.value)}
        />
        <Button size="small" aria-label={t("reviews.endFor", who)} disabled={!endDate} onClick={() => send("end")}>
          {t("reviews.decision.end")}
        </Button>
      </Flex>
    </Flex>
  );
}

/** A review's items with their evidence; open ones can be decided when `decidable`. */
export function ItemsTable(props: {
  items: ReviewItem[];
  total: number;
  loading: boolean;
  decidable: boolean;
  showReview?: boolean;
  page: { offset: number; limit: number };
  onPage: (offset: number) => void;
  empty: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Table<ReviewItem>
      size="small"
      rowKey="id"
      aria-label={t("reviews.items")}
      loading={props.loading}
      dataSource={props.items}
      locale={{ emptyText: <Empty description={props.empty} /> }}
      pagination={{
        current: props.page.offset / props.page.limit + 1,
        pageSize: props.page.limit,
        total: props.total,
        showSizeChanger: false,
        onChange: (p) => props.onPage((p - 1) * props.page.limit),
      }}
      columns={[
        ...(props.showReview
          ? [
              {
                title: t("reviews.review"),
                key: "review",
                render: (_: unknown, i: ReviewItem) => `${i.reviewName} (${formatDate(i.dueDate)})`,
              },
            ]
          : []),
        { title: t("reviews.person"), dataIndex: "username" },
        { title: t("reviews.target"), key: "target", render: (_, i) => itemTarget(i) },
        {
          title: t("whoCanSee.privileges"),
          key: "p",
          render: (_, i) => <PrivilegeTags privileges={i.privileges} refused={[]} />,
        },
        { title: t("whoCanSee.how"), key: "how", render: (_, i) => <Paths paths={i.paths} /> },
        {
          title: t("reviews.granted"),
          key: "granted",
          render: (_, i) => (i.grantedBy ? `${i.grantedBy}, ${formatDateTime(i.grantedAt)}` : PLACEHOLDER),
        },
        { title: t("whoCanSee.lastRead"), key: "use", render: (_, i) => <Use {...i} /> },
        // A reviewer's own list needs no reviewer column: it is theirs.
        ...(props.showReview ? [] : [{ title: t("reviews.reviewer"), dataIndex: "reviewer" }]),
        {
          title: t("reviews.decisionColumn"),
          key: "decision",
          width: 320,
          render: (_, i) => (props.decidable && i.decision === null ? <Decide i={i} /> : <Decided i={i} />),
        },
      ]}
    />
  );
}
