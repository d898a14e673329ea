import type { FilterCondition } from "@console/contracts";
import { LIST_CONDITIONS, typeGroupOf, VALUE_PATTERNS, VALUELESS_CONDITIONS } from "@console/contracts/constants";

/** Whether a typed value fits the column type and condition (spec: value patterns by type, list variants for IN). */
export function valueFits(dataType: string, condition: FilterCondition, value: string): boolean {
  if (VALUELESS_CONDITIONS.includes(condition)) return true;
  const v = value.trim();
  if (!v) return false;
  const group = typeGroupOf(dataType);
  if (condition === "LIKE") return v.length <= 255;
  if (LIST_CONDITIONS.includes(condition)) {
    const items = v.split(",").map((x) => x.trim());
    return items.length > 0 && items.every((x) => x !== "" && VALUE_PATTERNS[group].test(x));
  }
  return VALUE_PATTERNS[group].test(v);
}

export const needsValue = (c: FilterCondition | undefined) => !!c && !VALUELESS_CONDITIONS.includes(c);
