import type { TFunction } from "i18next";

/** Any event row: the tables read fields by name. */
export type Row = Record<string, unknown>;

export type DrawerRequest =
  | { kind: "policy"; row: Row }
  | { kind: "assignments"; row: Row }
  | { kind: "classification"; row: Row }
  | { kind: "settings"; row: Row }
  | { kind: "explain"; row: Row };

/** What every column maker is given: the texts, the IP switch and the drawer opener. */
export interface ColumnContext {
  t: TFunction;
  showIps: boolean;
  toggleIps: () => void;
  open: (d: DrawerRequest) => void;
}
