/** The components screen's path, written once; routes.tsx and every link use it. */
export const componentsPaths = { list: "/components" } as const;

export const toComponents = (component?: string) =>
  component ? `${componentsPaths.list}?component=${encodeURIComponent(component)}` : componentsPaths.list;
