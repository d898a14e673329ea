import { DatePicker, Flex, Typography } from "antd";
import dayjs, { type Dayjs } from "dayjs";
import { useTranslation } from "react-i18next";
import type { Policy } from "@console/contracts";
import { formatPeriod } from "../../../shared/lib/format";

type Period = { startDate: string | null; endDate: string | null };

/**
 * The period asked for, and the one the approver grants: it can start later or end sooner, never
 * more than was asked (the server refuses a wider one too). An open-ended request may be given an end.
 */
export function GrantedPeriod({
  policy,
  value,
  onChange,
}: {
  policy: Policy;
  value: Period;
  onChange: (p: Period) => void;
}) {
  const { t } = useTranslation();
  const asked = policy.requestedPeriod ?? { startDate: policy.tnc.startDate, endDate: policy.tnc.endDate };
  const from = asked.startDate ? dayjs(asked.startDate) : null;
  const to = asked.endDate ? dayjs(asked.endDate) : null;
  const decided = policy.approvalStatus !== "PENDING_APPROVAL";
  const pick = (range: [Dayjs | null, Dayjs | null] | null) => {
    if (!range?.[0] || !range[1]) return onChange({ startDate: null, endDate: null });
    // Whole days, locally, kept inside what was asked.
    let start = range[0].startOf("day");
    let end = range[1].endOf("day");
    if (from && start.isBefore(from)) start = from;
    if (to && end.isAfter(to)) end = to;
    onChange({ startDate: start.toISOString(), endDate: end.toISOString() });
  };
  return (
    <Flex vertical gap={8}>
      <Typography.Text>
        {t("policies.review.periodAsked")}:{" "}
        {formatPeriod(asked.startDate, asked.endDate) ?? t("policies.review.periodAlways")}
      </Typography.Text>
      <label htmlFor="granted-period">{t("policies.review.periodGranted")}</label>
      <DatePicker.RangePicker
        id="granted-period"
        aria-label={t("policies.review.periodGranted")}
        format="DD-MM-YYYY"
        style={{ maxWidth: 320 }}
        disabled={decided}
        allowClear={!from && !to}
        value={value.startDate && value.endDate ? [dayjs(value.startDate), dayjs(value.endDate)] : null}
        disabledDate={(d) => (!!from && d.isBefore(from, "day")) || (!!to && d.isAfter(to, "day"))}
        onChange={(range) => pick(range)}
      />
      <Typography.Text type="secondary">{t("policies.review.periodHint")}</Typography.Text>
    </Flex>
  );
}
