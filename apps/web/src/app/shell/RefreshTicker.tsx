import { useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { useShell } from "../state";

/**
 * The global refresh, and its only mechanism: each tick reloads every query on screen (the
 * features' hooks do nothing of their own for it) and tells lists to go back to their first page.
 */
export function RefreshTicker() {
  const interval = useShell((s) => s.refreshInterval);
  const tick = useShell((s) => s.tick);
  const client = useQueryClient();
  useEffect(() => {
    if (!interval) return;
    const timer = setInterval(() => {
      tick();
      void client.invalidateQueries({ type: "active" });
    }, interval);
    return () => clearInterval(timer);
  }, [interval, tick, client]);
  return null;
}
