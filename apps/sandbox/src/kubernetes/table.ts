import type { KubeObject } from "./objects.js";
import { DEFAULT_PRINTER, PRINTERS } from "./printers.js";

/**
 * Server-side printing: a client that asks for `application/json;as=Table;g=meta.k8s.io`
 * (kubectl get) receives a meta.k8s.io Table, rows carrying the object's metadata (or the
 * whole object) as `includeObject` says; every other client receives plain objects.
 */
export function wantsTable(accept: string | undefined): boolean {
  return !!accept && accept.split(",").some((t) => /;\s*as=Table/.test(t) && /;\s*g=meta\.k8s\.io/.test(t));
}

export type IncludeObject = "None" | "Metadata" | "Object";

export const includeObjectOf = (v: unknown): IncludeObject => (v === "None" || v === "Object" ? v : "Metadata");

function rowObject(o: KubeObject, include: IncludeObject) {
  if (include === "None") return undefined;
  if (include === "Object") return o;
  return { kind: "PartialObjectMetadata", apiVersion: "meta.k8s.io/v1", metadata: o.metadata };
}

export function toTable(
  kind: string,
  objects: KubeObject[],
  resourceVersion: string,
  include: IncludeObject,
  now = Date.now(),
) {
  const printer = PRINTERS[kind] ?? DEFAULT_PRINTER;
  return {
    kind: "Table",
    apiVersion: "meta.k8s.io/v1",
    metadata: { resourceVersion },
    columnDefinitions: printer.columns.map((c) => ({
      name: c.name,
      type: c.type,
      format: c.format ?? "",
      description: "",
      priority: c.priority ?? 0,
    })),
    rows: objects.map((o) => ({ cells: printer.row(o, now), object: rowObject(o, include) })),
  };
}
