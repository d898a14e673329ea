/** The audits screen's path, written once; routes.tsx and every link use it. */
export const auditsPaths = { audits: "/audits" } as const;

export const toAudits = () => auditsPaths.audits;
