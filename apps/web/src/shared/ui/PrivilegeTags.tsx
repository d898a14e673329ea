import { Tag, Tooltip } from "antd";
import { useTranslation } from "react-i18next";

/**
 * The privileges a rule grants, with those Trino refuses all the same struck through and
 * explained (INSERT, DELETE and UPDATE on a table with a column mask). Its texts are the shell's,
 * as both the policy screens and My access show it.
 */
export function PrivilegeTags(props: { privileges: string[]; refused: string[] }) {
  const { t } = useTranslation();
  return (
    <>
      {props.privileges.map((p) =>
        props.refused.includes(p) ? (
          <Tooltip key={p} title={t("privileges.refusedWrite", { privilege: p })}>
            <Tag aria-label={t("privileges.refusedWrite", { privilege: p })} style={{ textDecoration: "line-through" }}>
              {p}
            </Tag>
          </Tooltip>
        ) : (
          <Tag key={p}>{p}</Tag>
        ),
      )}
    </>
  );
}
