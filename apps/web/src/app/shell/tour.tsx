import type { TourStepProps } from "antd";
import { createContext, useContext, useEffect, useState, type ReactNode } from "react";

type Steps = TourStepProps[];

const TourContext = createContext<{ steps: Steps | null; setSteps: (s: Steps | null) => void }>({
  steps: null,
  setSteps: () => undefined,
});

export function TourProvider(props: { children: ReactNode }) {
  const [steps, setSteps] = useState<Steps | null>(null);
  return <TourContext.Provider value={{ steps, setSteps }}>{props.children}</TourContext.Provider>;
}

/** A screen offers its guided tour; the header's tour button starts it. */
export function useRegisterTour(steps: Steps | null): void {
  const { setSteps } = useContext(TourContext);
  useEffect(() => {
    setSteps(steps);
    return () => setSteps(null);
  }, [steps, setSteps]);
}

export function useTourSteps(): Steps | null {
  return useContext(TourContext).steps;
}

/** A tour step's target: the element marked `data-tour="<name>"` on the current screen. */
export const tourTarget = (name: string) => () => document.querySelector<HTMLElement>(`[data-tour="${name}"]`)!;
