import { Button, Card, Divider, Flex, Typography } from "antd";
import { Fragment } from "react";
import { useTranslation } from "react-i18next";
import { toast } from "../../app/shell/notify";
import { useClearCache, type CacheKey } from "./generalSettingsApi";

const CACHES: CacheKey[] = ["trino", "users", "groups", "insights"];

/** One clear button per cache; each shows the server's message. */
export function CacheManagementCard() {
  const { t } = useTranslation();
  const clear = useClearCache();
  return (
    <Card title={t("generalSettings.cache.title")} aria-label={t("generalSettings.cache.title")}>
      {CACHES.map((key, i) => (
        <Fragment key={key}>
          {i > 0 ? <Divider style={{ margin: "12px 0" }} /> : null}
          <Flex justify="space-between" align="center" gap={16}>
            <Flex vertical>
              <Typography.Text strong>{t(`generalSettings.cache.${key}.title`)}</Typography.Text>
              <Typography.Text type="secondary">{t(`generalSettings.cache.${key}.description`)}</Typography.Text>
            </Flex>
            <Button
              aria-label={t(`generalSettings.cache.${key}.clear`)}
              loading={clear.isPending && clear.variables === key}
              onClick={() => clear.mutate(key, { onSuccess: (res) => toast.success(res.message) })}
            >
              {t("generalSettings.cache.clear")}
            </Button>
          </Flex>
        </Fragment>
      ))}
    </Card>
  );
}
