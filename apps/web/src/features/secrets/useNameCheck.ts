import { useEffect, useState } from "react";
import { NAME_CHECK_DEBOUNCE_MS } from "@console/contracts/constants";
import { secretNameTaken } from "./api";

/**
 * Asks the server whether `name` is taken, 500 ms after the last keystroke; an older answer
 * never overwrites a newer question. Off (never taken) when `enabled` is false.
 */
export function useNameCheck(name: string, enabled: boolean): { checking: boolean; taken: boolean } {
  const [state, setState] = useState<{ name: string; checking: boolean; taken: boolean }>({
    name: "",
    checking: false,
    taken: false,
  });
  useEffect(() => {
    if (!enabled || !name) {
      setState({ name, checking: false, taken: false });
      return;
    }
    setState({ name, checking: true, taken: false });
    const controller = new AbortController();
    const timer = setTimeout(() => {
      secretNameTaken(name, controller.signal).then(
        (taken) => setState({ name, checking: false, taken }),
        () => undefined,
      );
    }, NAME_CHECK_DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [name, enabled]);
  return state.name === name
    ? { checking: state.checking, taken: state.taken }
    : { checking: enabled && !!name, taken: false };
}
