import { ColumnParam } from "./types.js";

/** The element types sent in binary form, by the name a statement casts to, and their OIDs. */
const OIDS: Record<string, number> = { text: 25, jsonb: 3802, boolean: 16, float8: 701, int: 23, bigint: 20 };

const INT32 = 2 ** 31;

/** Bytes of one value, or -1 when it cannot go in binary form as it is. */
function size(type: string, v: unknown): number {
  switch (type) {
    case "text":
      return typeof v === "string" ? Buffer.byteLength(v) : -1;
    case "jsonb":
      return typeof v === "string" ? Buffer.byteLength(v) + 1 : -1;
    case "boolean":
      return typeof v === "boolean" ? 1 : -1;
    case "float8":
      return typeof v === "number" ? 8 : -1;
    case "int":
      return Number.isInteger(v) && (v as number) >= -INT32 && (v as number) < INT32 ? 4 : -1;
    case "bigint":
      return Number.isSafeInteger(v) ? 8 : -1;
    default:
      return -1;
  }
}

/**
 * A one-dimensional array in PostgreSQL's binary format (array_recv): flags, element OID, size
 * and lower bound, then each element's length (-1 for NULL) and bytes. Null when the type or a
 * value has no binary form here (a timestamp, say, whose text PostgreSQL parses to the
 * microsecond): the column is then sent as text, as any other parameter.
 */
export function binaryArray(type: string, values: readonly unknown[]): Buffer | null {
  const oid = OIDS[type];
  if (oid === undefined) return null;
  const sizes = new Int32Array(values.length);
  let total = values.length === 0 ? 12 : 20;
  let nulls = 0;
  for (let i = 0; i < values.length; i++) {
    const v = values[i];
    if (v === null || v === undefined) {
      sizes[i] = -1;
      nulls = 1;
      total += 4;
      continue;
    }
    const n = size(type, v);
    if (n < 0) return null;
    sizes[i] = n;
    total += 4 + n;
  }
  const b = Buffer.allocUnsafe(total);
  b.writeInt32BE(values.length === 0 ? 0 : 1, 0);
  b.writeInt32BE(nulls, 4);
  b.writeUInt32BE(oid, 8);
  if (values.length === 0) return b;
  b.writeInt32BE(values.length, 12);
  b.writeInt32BE(1, 16);
  let o = 20;
  for (let i = 0; i < values.length; i++) {
    const n = sizes[i]!;
    b.writeInt32BE(n, o);
    o += 4;
    if (n < 0) continue;
    const v = values[i];
    switch (type) {
      case "text":
        o += b.write(v as string, o);
        break;
      case "jsonb":
        b[o++] = 1; // jsonb's binary format version
        o += b.write(v as string, o);
        break;
      case "boolean":
        b[o++] = v ? 1 : 0;
        break;
      case "float8":
        o = b.writeDoubleBE(v as number, o);
        break;
      case "int":
        o = b.writeInt32BE(v as number, o);
        break;
      case "bigint":
        o = b.writeBigInt64BE(BigInt(v as number), o);
        break;
    }
  }
  return b;
}

/** Parameters as node-postgres sends them: a column in binary form where it has one, else its array. */
export function pgParams(params: unknown[] | undefined): unknown[] | undefined {
  if (!params?.some((p) => p instanceof ColumnParam)) return params;
  return params.map((p) => (p instanceof ColumnParam ? (binaryArray(p.type, p.values) ?? p.values) : p));
}

/** Parameters as PGlite takes them: each column as its array. */
export function plainParams(params: unknown[] | undefined): unknown[] | undefined {
  if (!params?.some((p) => p instanceof ColumnParam)) return params;
  return params.map((p) => (p instanceof ColumnParam ? p.values : p));
}
