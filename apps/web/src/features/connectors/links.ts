/** The list lives under home and under components; the wizard keeps the way it was opened. */
export const toConnectors = (fromComponents: boolean) => (fromComponents ? "/components/cdc" : "/home/cdc");
export const toNewConnector = (fromComponents: boolean) => `${toConnectors(fromComponents)}/new`;
