import type { FormRule } from "antd";
import type { TFunction } from "i18next";
import type { ConnectorFormField } from "@console/contracts";
import { fieldProblem, type Problem, type WizardValues } from "./model";

/** A problem in English: its field name is itself a text key. */
export function describeProblem(p: Problem, t: TFunction): string {
  const values = { ...p.values };
  if (typeof values.field === "string") values.field = t(values.field);
  return t(p.key, values);
}

/** The antd rule of one field: the wizard's own checks, over all values (some rules need two fields). */
export function ruleFor(field: ConnectorFormField, t: TFunction): FormRule {
  return ({ getFieldsValue }) => ({
    validator: () => {
      const problem = fieldProblem(field, getFieldsValue(true) as WizardValues);
      return problem ? Promise.reject(new Error(describeProblem(problem, t))) : Promise.resolve();
    },
  });
}

/** Inputs that accept digits only: anything else typed is dropped. */
export const digitsOnly = (value: string | undefined) => (value ?? "").replace(/\D/g, "");
