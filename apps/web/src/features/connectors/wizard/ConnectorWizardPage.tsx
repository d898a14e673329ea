import { Alert, Button, Card, Flex, Form, Spin, Steps } from "antd";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { useLocation, useNavigate } from "react-router";
import { SQLSERVER_CONNECTOR_CLASS } from "@console/contracts/constants";
import { toast } from "../../../app/shell/notify";
import { ApiError, errorMessage, isAbort } from "../../../shared/lib/api";
import { useUnsavedChanges } from "../../../shared/lib/useUnsavedChanges";
import { PageHeader } from "../../../shared/ui/PageHeader";
import { useCreateConnector, useValidateConnector } from "../api";
import { connectorCrumbs } from "../crumbs";
import { toConnectors } from "../links";
import { toComponents } from "../../components/links";
import { ClassStep } from "./ClassStep";
import { DatabaseStep } from "./DatabaseStep";
import { GeneralStep } from "./GeneralStep";
import {
  apiErrorsToFields,
  furthestReachable,
  stepComplete,
  stepOfField,
  toApiBody,
  WIZARD_STEPS,
  type WizardValues,
} from "./model";
import { SubsetsStep } from "./SubsetsStep";

const STEP_BODIES = [ClassStep, DatabaseStep, SubsetsStep, GeneralStep];
const INITIAL: WizardValues = { connectorClass: SQLSERVER_CONNECTOR_CLASS, tablesToWhiteList: [], tablesToInclude: [] };

/**
 * The connector wizard: one form over four clickable steps. Save asks Kafka Connect to validate
 * the configuration first and shows its errors on the fields they belong to.
 */
export default function ConnectorWizardPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const fromComponents = useLocation().pathname.startsWith(toComponents());
  const [form] = Form.useForm<WizardValues>();
  const values: WizardValues = Form.useWatch([], { form, preserve: true }) ?? INITIAL;
  const [current, setCurrent] = useState(0);
  const [otherErrors, setOtherErrors] = useState<string[]>([]);
  const [touched, setTouched] = useState(false);
  /** Fields the server found wrong, until they are edited: their steps show the error. */
  const [serverErrors, setServerErrors] = useState<string[]>([]);
  const [done, setDone] = useState(false);
  const validate = useValidateConnector();
  const create = useCreateConnector();
  const saving = validate.isPending || create.isPending;

  useUnsavedChanges(touched && !done);
  useEffect(() => {
    if (done) void navigate(toConnectors(fromComponents), { state: { fromWizard: true } });
  }, [done, fromComponents, navigate]);

  const reachable = furthestReachable(values);
  const last = WIZARD_STEPS.length - 1;
  const canNext = stepComplete(WIZARD_STEPS[current]!, values);
  const canSave = WIZARD_STEPS.every((s) => stepComplete(s, values)) && !saving;

  const showFailure = (err: unknown) => {
    if (isAbort(err)) return;
    const { fields, other } = apiErrorsToFields(err instanceof ApiError ? err.body : null);
    form.setFields(Object.entries(fields).map(([name, errors]) => ({ name: name as keyof WizardValues, errors })));
    setServerErrors(Object.keys(fields));
    const firstField = Object.keys(fields)[0];
    if (firstField) setCurrent(stepOfField(firstField));
    setOtherErrors(other.length > 0 || firstField ? other : [errorMessage(err)]);
  };

  const save = async () => {
    setOtherErrors([]);
    const body = toApiBody(form.getFieldsValue(true) as WizardValues);
    try {
      await validate.mutateAsync(body);
      await create.mutateAsync(body);
    } catch (err) {
      showFailure(err);
      return;
    }
    toast.success(t("connectors.connectorCreated"));
    setDone(true);
  };

  return (
    <>
      <PageHeader crumbs={connectorCrumbs(fromComponents, t, true)} title={t("connectors.wizard.title")} />
      <Card>
        <Flex gap={32} align="flex-start" wrap>
          <Steps
            orientation="vertical"
            current={current}
            onChange={(i) => i <= reachable && setCurrent(i)}
            style={{ width: 240, flex: "none" }}
            items={WIZARD_STEPS.map((s, i) => ({
              title: t(s.titleKey),
              disabled: i > reachable,
              ...(s.fields.some((f) => serverErrors.includes(f)) ? { status: "error" as const } : {}),
            }))}
          />
          <Flex vertical gap={16} style={{ flex: 1, minWidth: 420 }}>
            {otherErrors.length > 0 ? (
              <Alert
                type="error"
                showIcon
                title={otherErrors.length === 1 ? otherErrors[0] : t("connectors.wizard.otherProblems")}
                description={
                  otherErrors.length > 1 ? (
                    <ul style={{ margin: 0, paddingLeft: 20 }}>
                      {otherErrors.map((m) => (
                        <li key={m}>{m}</li>
                      ))}
                    </ul>
                  ) : undefined
                }
              />
            ) : null}
            <Spin spinning={validate.isPending} description={t("connectors.wizard.validating")}>
              <Form<WizardValues>
                form={form}
                layout="vertical"
                initialValues={INITIAL}
                onValuesChange={(changed: Partial<WizardValues>) => {
                  setTouched(true);
                  setServerErrors((errs) => errs.filter((f) => !(f in changed)));
                }}
                requiredMark
              >
                {STEP_BODIES.map((Body, i) => (
                  // Every step stays mounted so that errors can be set on any field.
                  <div key={WIZARD_STEPS[i]!.id} hidden={i !== current}>
                    <Body />
                  </div>
                ))}
              </Form>
            </Spin>
            <Flex justify="flex-end" gap={8}>
              <Button onClick={() => void navigate(toConnectors(fromComponents))}>
                {t("connectors.wizard.cancel")}
              </Button>
              <Button disabled={current === 0 || saving} onClick={() => setCurrent((c) => c - 1)}>
                {t("connectors.wizard.previous")}
              </Button>
              {current < last ? (
                <Button type="primary" disabled={!canNext} onClick={() => setCurrent((c) => c + 1)}>
                  {t("connectors.wizard.next")}
                </Button>
              ) : (
                <Button type="primary" disabled={!canSave} loading={saving} onClick={() => void save()}>
                  {t("connectors.wizard.save")}
                </Button>
              )}
            </Flex>
          </Flex>
        </Flex>
      </Card>
    </>
  );
}
