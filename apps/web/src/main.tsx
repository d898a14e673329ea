import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import "./i18n";
import { App, queryClient } from "./app/App";
import { initAuth, restore } from "./app/auth";
import { fetchPublicConfig, shellKeys } from "./app/queries";

async function start(): Promise<void> {
  const root = createRoot(document.getElementById("root")!);
  try {
    const config = await fetchPublicConfig();
    queryClient.setQueryData(shellKeys.config, config);
    initAuth(config);
    await restore();
  } catch {
    document.getElementById("root")!.textContent = "The console cannot reach its server. Reload the page to try again.";
    return;
  }
  root.render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
}

void start();
