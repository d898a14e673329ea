import { DatePicker, Flex, Form, Input, Modal, Select, Typography } from "antd";
import dayjs, { type Dayjs } from "dayjs";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { DEFAULT_PHONE_EXTENSION, POLICY_LIMITS } from "@console/contracts/constants";
import { useMe } from "../../app/queries";
import { toast } from "../../app/shell/notify";
import { ApiError, errorMessage } from "../../shared/lib/api";
import { contactProblems, EXTENSIONS } from "../policies/parts/contact";
import { useFileRequest } from "./api";

export interface RequestDraft {
  /** Empty when the request starts from nothing (no table to start from): the form asks for them. */
  catalog: string;
  schema: string;
  tables: string[];
  columns: string[];
}

/**
 * A table access request for oneself, opened from a denied query or a table: the tables and
 * columns, a reason, an access period and contact details checked as the review page checks them.
 * It files the request the review page approves or rejects. It stays mounted (closed while
 * `draft` is null) so that closing gives focus back to the button that opened it.
 */
export function RequestAccessDialog(props: { draft: RequestDraft | null; onClose: () => void }) {
  const { t } = useTranslation();
  const me = useMe().data;
  const file = useFileRequest();
  const [place, setPlace] = useState({ catalog: "", schema: "" });
  const [tables, setTables] = useState<string[]>([]);
  const [columns, setColumns] = useState<string[]>([]);
  const [reason, setReason] = useState("");
  const [period, setPeriod] = useState<[Dayjs | null, Dayjs | null] | null>(null);
  const [contact, setContact] = useState({ name: "", extension: DEFAULT_PHONE_EXTENSION, phoneNumber: "", email: "" });
  const [touched, setTouched] = useState(false);
  const [serverField, setServerField] = useState<string | null>(null);
  // The last draft stays while the dialog closes, so it animates out whole and gives focus back.
  const [draft, setDraft] = useState<RequestDraft | null>(null);

  useEffect(() => {
    const next = props.draft;
    if (!next) return;
    setDraft(next);
    setPlace({ catalog: next.catalog, schema: next.schema });
    setTables(next.tables);
    setColumns(next.columns);
    setReason("");
    setPeriod(null);
    setTouched(false);
    setServerField(null);
    setContact({ name: me?.name ?? "", extension: DEFAULT_PHONE_EXTENSION, phoneNumber: "", email: me?.email ?? "" });
  }, [props.draft, me?.name, me?.email]);

  if (!draft) return null;
  const problems = contactProblems(contact);
  const reasonMissing = reason.trim() === "";
  // Without a table to start from, the catalog and schema are typed here.
  const asksPlace = draft.catalog === "";
  const placeMissing = { catalog: place.catalog.trim() === "", schema: place.schema.trim() === "" };
  const invalid =
    tables.length === 0 ||
    reasonMissing ||
    placeMissing.catalog ||
    placeMissing.schema ||
    !!problems.phone ||
    !!problems.email;

  const submit = async () => {
    setTouched(true);
    if (invalid) return;
    try {
      await file.mutateAsync({
        catalogName: place.catalog.trim(),
        schemaName: place.schema.trim(),
        tableName: tables[0]!,
        moreTables: tables.slice(1),
        columns,
        tnc: {
          description: reason.trim(),
          startDate: period?.[0]?.startOf("day").toISOString() ?? null,
          endDate: period?.[1]?.endOf("day").toISOString() ?? null,
          contactDetails: contact,
        },
      });
      toast.success(t("request.filed"));
      props.onClose();
    } catch (err) {
      setServerField(err instanceof ApiError ? (err.body?.field ?? null) : null);
      toast.error(errorMessage(err));
    }
  };
  const status = (bad: boolean) => (touched && bad ? ("error" as const) : undefined);

  return (
    <Modal
      open={props.draft !== null}
      title={t("request.title")}
      okText={t("request.submit")}
      cancelText={t("common.cancel")}
      onOk={() => void submit()}
      onCancel={props.onClose}
      confirmLoading={file.isPending}
      width={640}
    >
      <Typography.Paragraph type="secondary">
        {asksPlace ? t("request.introAny") : t("request.intro", { place: `${draft.catalog}.${draft.schema}` })}
      </Typography.Paragraph>
      <Form layout="vertical">
        {asksPlace ? (
          <Flex gap={8}>
            {(["catalog", "schema"] as const).map((k) => (
              <Form.Item
                key={k}
                label={t(`request.${k}`)}
                required
                style={{ flex: 1 }}
                validateStatus={status(placeMissing[k]) ?? (serverField === `${k}Name` ? "error" : undefined)}
                help={touched && placeMissing[k] ? t(`request.${k}Required`) : undefined}
              >
                <Input
                  aria-label={t(`request.${k}`)}
                  maxLength={128}
                  value={place[k]}
                  onChange={(e) => setPlace({ ...place, [k]: e.target.value })}
                />
              </Form.Item>
            ))}
          </Flex>
        ) : null}
        <Form.Item
          label={t("request.tables")}
          required
          validateStatus={status(tables.length === 0) ?? (serverField?.match(/table/i) ? "error" : undefined)}
          help={touched && tables.length === 0 ? t("request.tablesRequired") : undefined}
        >
          <Select
            mode="tags"
            aria-label={t("request.tables")}
            value={tables}
            onChange={setTables}
            tokenSeparators={[",", " "]}
            open={false}
          />
        </Form.Item>
        <Form.Item label={t("request.columns")} extra={t("request.columnsHint")}>
          <Select
            mode="tags"
            aria-label={t("request.columns")}
            value={columns}
            onChange={setColumns}
            tokenSeparators={[",", " "]}
            open={false}
          />
        </Form.Item>
        <Form.Item
          label={t("request.reason")}
          required
          validateStatus={status(reasonMissing)}
          help={touched && reasonMissing ? t("request.reasonRequired") : undefined}
        >
          <Input.TextArea
            aria-label={t("request.reason")}
            rows={3}
            maxLength={200}
            showCount
            value={reason}
            onChange={(e) => setReason(e.target.value)}
          />
        </Form.Item>
        <Form.Item label={t("request.period")} extra={t("request.periodHint")}>
          <DatePicker.RangePicker
            aria-label={t("request.period")}
            format="DD-MM-YYYY"
            allowEmpty={[true, true]}
            value={period}
            onChange={(v) => setPeriod(v as [Dayjs | null, Dayjs | null] | null)}
            disabledDate={(d) => d.isBefore(dayjs().startOf("day"))}
          />
        </Form.Item>
        <Form.Item label={t("policies.review.contactName")}>
          <Input
            aria-label={t("policies.review.contactName")}
            maxLength={POLICY_LIMITS.contactName}
            value={contact.name}
            onChange={(e) => setContact({ ...contact, name: e.target.value })}
          />
        </Form.Item>
        <Form.Item
          label={t("policies.review.phone")}
          validateStatus={problems.phone ? "error" : undefined}
          help={problems.phone ? t(problems.phone) : undefined}
        >
          <Flex gap={8}>
            <Select
              aria-label={t("policies.review.extension")}
              style={{ width: 100 }}
              value={contact.extension}
              onChange={(extension) => setContact({ ...contact, extension })}
              options={EXTENSIONS.map((x) => ({ value: x, label: x }))}
            />
            <Input
              aria-label={t("policies.review.phone")}
              inputMode="tel"
              maxLength={15}
              value={contact.phoneNumber}
              onChange={(e) => setContact({ ...contact, phoneNumber: e.target.value.replace(/\D/g, "") })}
            />
          </Flex>
        </Form.Item>
        <Form.Item
          label={t("policies.review.email")}
          validateStatus={problems.email ? "error" : undefined}
          help={problems.email ? t(problems.email) : undefined}
        >
          <Input
            aria-label={t("policies.review.email")}
            type="email"
            maxLength={254}
            value={contact.email}
            onChange={(e) => setContact({ ...contact, email: e.target.value.trim() })}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
