import { Button, Flex, Spin } from "antd";
import { Suspense, useEffect, useState, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Link, Navigate, useLocation, useNavigate } from "react-router";
import type { MenuKey } from "@console/contracts";
import { UNAUTHORIZED_REDIRECT_SECONDS } from "@console/contracts/constants";
import { toHome } from "../../features/home/links";
import { NoAccessRequest, toMyAccess } from "../../features/self-service/routes";
import { StatusMessage } from "../../shared/ui/StatusMessage";
import { useAuth } from "../auth";
import { useLandingPath } from "../landing";
import { useComponentList, useMenu, usePublicConfig } from "../queries";

export function FullPageSpinner() {
  const { t } = useTranslation();
  return (
    <Flex align="center" justify="center" style={{ minHeight: "60vh" }}>
      <Spin size="large" description={t("common.loading")} />
    </Flex>
  );
}

/** Private routes: signed-out users go to /login; a spinner shows until menu and components are loaded. */
export function RequireAuth(props: { children: ReactNode }) {
  const status = useAuth((s) => s.status);
  const location = useLocation();
  const menu = useMenu();
  const components = useComponentList();
  if (status === "signedOut")
    return <Navigate to="/login" replace state={{ returnTo: location.pathname + location.search }} />;
  if (status === "unknown" || status === "signingOut" || menu.isPending || components.isPending)
    return <FullPageSpinner />;
  return <>{props.children}</>;
}

/** No menu at all: the spec's sentence, then the way to My access, where one can see and ask for access. */
export function NoAccess() {
  const { t } = useTranslation();
  return (
    <StatusMessage
      kind="forbidden"
      title={t("noAccess.message")}
      subTitle={t("noAccess.myAccessHint")}
      extra={
        <Flex gap={8} wrap justify="center">
          <Link to={toMyAccess()} style={{ alignSelf: "center" }}>
            {t("noAccess.openMyAccess")}
          </Link>
          <Suspense fallback={<Spin />}>
            <NoAccessRequest />
          </Suspense>
        </Flex>
      }
    />
  );
}

/** The shell's unauthorized page: the text, then home after a countdown. */
export function Unauthorized() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const landing = useLandingPath();
  const [seconds, setSeconds] = useState(UNAUTHORIZED_REDIRECT_SECONDS);
  useEffect(() => {
    if (seconds <= 0) {
      void navigate(landing, { replace: true });
      return;
    }
    const timer = setTimeout(() => setSeconds((s) => s - 1), 1000);
    return () => clearTimeout(timer);
  }, [seconds, navigate, landing]);
  return (
    <StatusMessage
      kind="forbidden"
      title={t("unauthorized.message")}
      subTitle={t("unauthorized.redirecting", { seconds })}
      extra={<Button disabled>{t("unauthorized.requestAccess")}</Button>}
    />
  );
}

/** Opens a screen only for users allowed its menu (and, where needed, a platform component). */
export function MenuGuard(props: { menu: MenuKey; requiresComponent?: string; children: ReactNode }) {
  const menus = useMenu().data ?? [];
  const config = usePublicConfig().data;
  const components = useComponentList().data;
  if (menus.length === 0) return <NoAccess />;
  const restricted = config?.restrictedMenus ?? [];
  const allowed = menus.some((m) => m.menuLabel === props.menu) && !restricted.includes(props.menu);
  const componentOk =
    !props.requiresComponent ||
    (!!components?.activeComponents.includes(props.requiresComponent) &&
      !components.unlicensedComponents.includes(props.requiresComponent) &&
      // The server refuses these screens' calls without the component permission.
      components.permittedComponents.includes(props.requiresComponent));
  if (!allowed || !componentOk) return <Unauthorized />;
  return <>{props.children}</>;
}

/** Public routes send signed-in users to their landing page. */
export function PublicOnly(props: { children: ReactNode }) {
  const status = useAuth((s) => s.status);
  const menu = useMenu();
  const landing = useLandingPath();
  if (status === "signingOut") return <FullPageSpinner />;
  if (status === "signedIn") {
    if (menu.isPending) return <FullPageSpinner />;
    return <Navigate to={landing} replace />;
  }
  return <>{props.children}</>;
}

/** "/" goes to the landing page when signed in, else to sign-in. */
export function RootRedirect() {
  const status = useAuth((s) => s.status);
  const menu = useMenu();
  const landing = useLandingPath();
  if (status === "signedOut") return <Navigate to="/login" replace />;
  if (status === "unknown" || status === "signingOut" || menu.isPending) return <FullPageSpinner />;
  if ((menu.data ?? []).length === 0) return <Navigate to={toHome()} replace />;
  return <Navigate to={landing} replace />;
}
