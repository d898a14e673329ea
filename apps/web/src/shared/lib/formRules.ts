import type { FormRule } from "antd";

/**
 * An antd Form rule for a length limit taken from the contracts (e.g. POLICY_LIMITS.name), so
 * the form checks the same number the server does; the message says that number.
 */
export function maxRule(limit: number, message: (max: number) => string): FormRule {
  return { max: limit, message: message(limit) };
}
