import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { AssignmentUpdate, permissionRoutes } from "@console/contracts";
import { shellKeys } from "../../app/queries";
import { call } from "../../shared/lib/api";

export type PermissionKind = "menu" | "component";

/** One shape for both tables. */
export interface PermissionRow {
  id: number;
  key: string;
  name: string;
  section: string;
  assignedUsers: string[];
  assignedGroups: string[];
  status: boolean;
  /** Why the signed-in user may not change it (they do not hold it), from the server; null when they may. */
  reason: string | null;
}

export const permissionKeys = {
  list: (kind: PermissionKind) => ["permissions", kind] as const,
};

export function usePermissions(kind: PermissionKind) {
  return useQuery({
    queryKey: permissionKeys.list(kind),
    queryFn: async ({ signal }): Promise<PermissionRow[]> => {
      if (kind === "menu") {
        const rows = await call<typeof permissionRoutes.menus>("GET", "/admin-api/api/v1/menu/permissions", {}, signal);
        return rows.map((r) => ({ ...r, key: r.menuKey, name: r.menuName, section: r.sectionName }));
      }
      const rows = await call<typeof permissionRoutes.components>(
        "GET",
        "/admin-api/api/v1/component/permissions",
        {},
        signal,
      );
      return rows.map((r) => ({ ...r, key: r.componentKey, name: r.componentName, section: r.sectionName }));
    },
  });
}

/** A change of permissions also changes what the signed-in user may see: reload the shell's lists. */
function useAfterChange(kind: PermissionKind) {
  const qc = useQueryClient();
  return () => {
    void qc.invalidateQueries({ queryKey: permissionKeys.list(kind) });
    void qc.invalidateQueries({ queryKey: kind === "menu" ? shellKeys.menu : shellKeys.components });
  };
}

export function useUpdateAssignment(kind: PermissionKind) {
  const after = useAfterChange(kind);
  return useMutation({
    mutationFn: (v: { id: number; body: AssignmentUpdate }) =>
      kind === "menu"
        ? call<typeof permissionRoutes.updateMenu>("PUT", "/admin-api/api/v1/menu/:id", {
            params: { id: v.id },
            body: v.body,
          })
        : call<typeof permissionRoutes.updateComponent>("PUT", "/admin-api/api/v1/component/:id", {
            params: { id: v.id },
            body: v.body,
          }),
    onSuccess: after,
  });
}

export function useUpdatePermissionStatus(kind: PermissionKind) {
  const after = useAfterChange(kind);
  return useMutation({
    mutationFn: (v: { id: number; status: boolean }) =>
      kind === "menu"
        ? call<typeof permissionRoutes.menuStatus>("PUT", "/admin-api/api/v1/menu/:id/status", {
            params: { id: v.id },
            body: { status: v.status },
          })
        : call<typeof permissionRoutes.componentStatus>("PUT", "/admin-api/api/v1/component/:id/status", {
            params: { id: v.id },
            body: { status: v.status },
          }),
    onSuccess: after,
  });
}
