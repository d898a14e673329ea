import { Button } from "antd";
import { StatusMessage } from "../shared/ui/StatusMessage";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useLocation, useNavigate } from "react-router";
import { checkSso, completeSignIn, signIn } from "./auth";
import { FullPageSpinner } from "./shell/guards";

/** /login: looks for an existing session silently, then goes to the sign-in page. */
export function LoginPage() {
  const { t } = useTranslation();
  const location = useLocation();
  const [failed, setFailed] = useState<string | null>(null);
  const started = useRef(false);
  const returnTo = (location.state as { returnTo?: string } | null)?.returnTo ?? "/";

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    void (async () => {
      try {
        // Signed in: PublicOnly moves on to the landing page.
        if (!(await checkSso())) await signIn(returnTo);
      } catch (err) {
        setFailed((err as Error).message);
      }
    })();
  }, [returnTo]);

  if (failed)
    return (
      <StatusMessage
        kind="error"
        title={t("auth.signInFailed")}
        subTitle={failed}
        extra={<Button onClick={() => window.location.reload()}>{t("auth.tryAgain")}</Button>}
      />
    );
  return <FullPageSpinner />;
}

/** /login/callback: finishes the code flow and returns where the user was going. */
export function LoginCallbackPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [failed, setFailed] = useState<string | null>(null);
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    completeSignIn().then(
      (returnTo) => navigate(returnTo, { replace: true }),
      (err: Error) => setFailed(err.message),
    );
  }, [navigate]);

  if (failed)
    return (
      <StatusMessage
        kind="error"
        title={t("auth.signInFailed")}
        subTitle={failed}
        extra={<Button onClick={() => void navigate("/login", { replace: true })}>{t("auth.tryAgain")}</Button>}
      />
    );
  return <FullPageSpinner />;
}
