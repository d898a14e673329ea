/** The client configuration screen's path, written once; routes.tsx and every link use it. */
export const clientConfigPaths = { clientConfig: "/client-configuration" } as const;

export const toClientConfig = () => clientConfigPaths.clientConfig;
