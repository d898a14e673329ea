import { ReloadOutlined } from "@ant-design/icons";
import { Alert, Button, Card, Flex, Form, Spin, Steps } from "antd";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate, useParams } from "react-router";
import type { ColumnMask, RowFilter } from "@console/contracts";
import { POLICY_NAME_DEBOUNCE_MS, TAG_CATEGORIES } from "@console/contracts/constants";
import { toast } from "../../../app/shell/notify";
import { ApiError, errorMessage, isAbort } from "../../../shared/lib/api";
import { useUnsavedChanges } from "../../../shared/lib/useUnsavedChanges";
import { PageHeader } from "../../../shared/ui/PageHeader";
import { checkPolicy, nameExists, useLookups, usePolicy, useRefreshLookups, useSavePolicy, useTags } from "../api";
import type { ImpactSubject } from "../impact-api";
import { policyCrumbs } from "../crumbs";
import { toPolicies } from "../links";
import { ImpactDrawer } from "../parts/ImpactDrawer";
import { AccessStep } from "./AccessStep";
import { DetailsStep } from "./DetailsStep";
import { FiltersStep } from "./FiltersStep";
import { MasksStep } from "./MasksStep";
import {
  accessComplete,
  changedFields,
  detailsComplete,
  fromPolicy,
  INITIAL,
  initialAccess,
  maskableTables,
  stepOfField,
  stepsFor,
  toApiBody,
  type WizardValues,
} from "./model";

/** The policy wizard (spec: create/update wizard): one form over its steps, validated step by step. */
export default function PolicyWizardPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const params = useParams();
  const id = params.id ? Number(params.id) : null;
  const existing = usePolicy(id);
  const [form] = Form.useForm<WizardValues>();
  const watched = Form.useWatch([], { form, preserve: true }) as WizardValues | undefined;
  const values: WizardValues = { ...INITIAL, ...(watched ?? {}) };
  const [current, setCurrent] = useState(0);
  const [done, setDone] = useState(false);
  const [nameTaken, setNameTaken] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  /** Problems the server found with fields, shown at the step where each field is entered. */
  const [problems, setProblems] = useState<Problem[]>([]);
  const [checking, setChecking] = useState(false);
  /** The unsaved policy being previewed, as it stood when Preview was pressed. */
  const [previewed, setPreviewed] = useState<ImpactSubject | null>(null);
  const save = useSavePolicy();
  const lookups = useLookups();
  const refreshLookups = useRefreshLookups();
  const isTag = !!values.category && TAG_CATEGORIES.includes(values.category);
  const tags = useTags(isTag ? values.category : undefined, values.catalogName, values.schemaName[0]);

  useEffect(() => {
    if (existing.data) form.setFieldsValue(fromPolicy(existing.data));
  }, [existing.data, form]);
  // Changed means different from the saved policy (or the empty form), field by field: a field
  // edited and set back does not count.
  const saved = id === null ? INITIAL : existing.data ? fromPolicy(existing.data) : null;
  const changed = !!saved && watched !== undefined && changedFields(values, saved).length > 0;
  useUnsavedChanges(changed && !done);
  useEffect(() => {
    if (done) void navigate(toPolicies());
  }, [done, navigate]);

  // The name is checked 500 ms after typing stops (spec section 5).
  const name = values.policyName.trim();
  useEffect(() => {
    if (!name || (existing.data && existing.data.policyName.toLowerCase() === name.toLowerCase())) {
      setNameTaken(false);
      return;
    }
    const ctrl = new AbortController();
    const timer = setTimeout(() => {
      nameExists(name, ctrl.signal)
        .then((r) => setNameTaken(r.exists))
        .catch((err: unknown) => void (isAbort(err) ? undefined : setNameTaken(false)));
    }, POLICY_NAME_DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      ctrl.abort();
    };
  }, [name, existing.data]);

  const steps = stepsFor(values.category);
  const stepId = steps[Math.min(current, steps.length - 1)]!.id;
  const allTables =
    lookups.data?.catalogs
      .find((x) => x.name === values.catalogName)
      ?.schemas.find((s) => s.name === values.schemaName[0])
      ?.tables.map((x) => x.name) ?? [];
  const tagTables = new Map((tags.data?.data ?? []).map((x) => [x.name, x.tables]));
  const tables = maskableTables(values, allTables, tagTables);

  const detailsOk = detailsComplete(values) && !nameTaken;
  const canNext = stepId === "details" ? detailsOk : true;
  const canSave = detailsOk && accessComplete(values) && changed && !lookups.isError && !save.isPending;

  const showProblems = (list: Problem[]) => {
    setProblems(list);
    form.setFields([
      { name: "customRowFilter", errors: list.filter((p) => p.field === "customRowFilter").map((p) => p.message) },
    ]);
    const at = list[0] ? steps.findIndex((s) => s.id === stepOfField(list[0]!.field)) : -1;
    if (at >= 0) setCurrent(at);
  };

  // Masks and filters are checked against each table they apply to before going on.
  const next = async () => {
    if (stepId === "masks" || stepId === "filters") {
      setChecking(true);
      try {
        const found = await checkPolicy(toApiBody(form.getFieldsValue(true) as WizardValues));
        const here = found.problems.filter((p) => stepOfField(p.field) === stepId);
        if (here.length > 0) return showProblems(here);
      } catch (err) {
        return void toast.error(errorMessage(err));
      } finally {
        setChecking(false);
      }
    }
    setProblems([]);
    setCurrent((c) => c + 1);
  };

  const onValuesChange = (changedValues: Partial<WizardValues>) => {
    if (problems.length > 0) setProblems([]);
    // Changing category, catalog or schema clears what depends on it (spec section 4).
    const clear: Partial<WizardValues> = {};
    if ("category" in changedValues) {
      Object.assign(clear, {
        catalogName: undefined,
        schemaName: [],
        tables: [],
        tags: [],
        tablePrivileges: [],
        columnDetails: [],
        rowFilters: [],
        customRowFilter: "",
        access: initialAccess(changedValues.category),
        ruleText: "",
      });
      if (changedValues.category === "catalog") clear.allow = "all";
      setCurrent(0);
    } else if ("catalogName" in changedValues) {
      Object.assign(clear, { schemaName: [], tables: [], tags: [], columnDetails: [], rowFilters: [] });
    } else if ("schemaName" in changedValues) {
      Object.assign(clear, { tables: [], tags: [], columnDetails: [], rowFilters: [] });
    }
    if (Object.keys(clear).length) form.setFieldsValue(clear);
  };

  const submit = async () => {
    setFailure(null);
    try {
      await save.mutateAsync({ id, body: toApiBody(form.getFieldsValue(true) as WizardValues) });
    } catch (err) {
      const fieldProblems = problemsOf(err);
      if (fieldProblems.length > 0) showProblems(fieldProblems);
      // The problems in words, without the path of the field they are shown at.
      const message = fieldProblems.length > 0 ? fieldProblems.map((p) => p.message).join(" ") : errorMessage(err);
      setFailure(message);
      toast.error(message);
      return;
    }
    toast.success(id === null ? t("policyManagement.policyCreated") : t("policies.updated"));
    setDone(true);
  };

  const setList = (field: "columnDetails" | "rowFilters") => (list: ColumnMask[] | RowFilter[]) => {
    form.setFieldValue(field, list);
    setProblems([]);
  };
  const stepProblems = problems.filter((p) => stepOfField(p.field) === stepId);

  const refreshMetadata = () =>
    refreshLookups.mutate(undefined, {
      onSuccess: () => toast.success(t("policies.wizard.metadataRefreshed")),
      onError: (err) => toast.error(t("policies.wizard.refreshFailed", { reason: errorMessage(err) })),
    });

  const last = steps.length - 1;
  return (
    <>
      <PageHeader
        crumbs={policyCrumbs(t, t(id === null ? "policies.wizard.createTitle" : "policies.wizard.editTitle"))}
        title={t(id === null ? "policies.wizard.createTitle" : "policies.wizard.editTitle")}
        extra={
          <Button icon={<ReloadOutlined />} loading={refreshLookups.isPending} onClick={refreshMetadata}>
            {t("policies.wizard.refreshMetadata")}
          </Button>
        }
      />
      <Spin spinning={id !== null && existing.isLoading}>
        <Card>
          {existing.isError ? (
            <Alert type="error" showIcon title={errorMessage(existing.error)} style={{ marginBottom: 16 }} />
          ) : null}
          <Flex gap={32} align="flex-start" wrap>
            <Steps
              orientation="vertical"
              current={current}
              onChange={(i) => (i === 0 || detailsOk) && setCurrent(i)}
              style={{ width: 220, flex: "none" }}
              items={steps.map((s, i) => ({ title: t(s.titleKey), disabled: i > 0 && !detailsOk }))}
            />
            <Flex vertical gap={16} style={{ flex: 1, minWidth: 420 }}>
              {failure ? <Alert type="error" showIcon title={failure} /> : null}
              {stepProblems.length > 0 ? (
                <Alert
                  type="error"
                  showIcon
                  title={t("policies.wizard.stepProblems")}
                  description={
                    <ul style={{ margin: 0, paddingInlineStart: 20 }}>
                      {stepProblems.map((p) => (
                        <li key={`${p.field}:${p.message}`}>{p.message}</li>
                      ))}
                    </ul>
                  }
                />
              ) : null}
              <Form<WizardValues> form={form} layout="vertical" initialValues={INITIAL} onValuesChange={onValuesChange}>
                <div hidden={stepId !== "details"}>
                  <DetailsStep values={values} nameTaken={nameTaken} editing={id !== null} />
                </div>
                {stepId === "masks" ? (
                  <MasksStep values={values} tables={tables} onChange={setList("columnDetails")} />
                ) : null}
                <div hidden={stepId !== "filters"}>
                  {stepId === "filters" ? (
                    <FiltersStep values={values} tables={tables} onChange={setList("rowFilters")} />
                  ) : null}
                </div>
                <div hidden={stepId !== "access"}>
                  <AccessStep category={values.category} privileges={values.tablePrivileges} />
                </div>
              </Form>
              <Flex justify="flex-end" gap={8}>
                <Button onClick={() => void navigate(toPolicies())}>{t("common.cancel")}</Button>
                <Button disabled={current === 0} onClick={() => setCurrent((c) => c - 1)}>
                  {t("policies.wizard.previous")}
                </Button>
                {current < last ? (
                  <Button type="primary" disabled={!canNext} loading={checking} onClick={() => void next()}>
                    {t("policies.wizard.next")}
                  </Button>
                ) : (
                  <>
                    <Button
                      disabled={!detailsOk || !accessComplete(values) || lookups.isError}
                      onClick={() =>
                        setPreviewed({
                          kind: "policy",
                          policy: toApiBody(form.getFieldsValue(true) as WizardValues),
                          policyId: id ?? undefined,
                        })
                      }
                    >
                      {t("policies.impact.open")}
                    </Button>
                    <Button type="primary" disabled={!canSave} loading={save.isPending} onClick={() => void submit()}>
                      {t("common.save")}
                    </Button>
                  </>
                )}
              </Flex>
            </Flex>
          </Flex>
        </Card>
      </Spin>
      {previewed ? <ImpactDrawer open subject={previewed} onClose={() => setPreviewed(null)} /> : null}
    </>
  );
}

interface Problem {
  field: string;
  message: string;
}

/** The field problems of a refused save: every field listed, else the one the error names. */
function problemsOf(err: unknown): Problem[] {
  if (!(err instanceof ApiError) || err.status !== 400 || !err.body?.field) return [];
  const { field, fields, error = "" } = err.body;
  if (fields)
    return Object.entries(fields).flatMap(([f, messages]) => messages.map((message) => ({ field: f, message })));
  return [{ field, message: error.startsWith(`${field}: `) ? error.slice(field.length + 2) : error }];
}
