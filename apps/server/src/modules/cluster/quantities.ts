/** Kubernetes resource quantities ("250m", "1.5", "512Mi", "1234567n", "2G") as numbers. */
const SUFFIX: Record<string, number> = {
  n: 1e-9,
  u: 1e-6,
  m: 1e-3,
  "": 1,
  k: 1e3,
  M: 1e6,
  G: 1e9,
  T: 1e12,
  P: 1e15,
  E: 1e18,
  Ki: 1024,
  Mi: 1024 ** 2,
  Gi: 1024 ** 3,
  Ti: 1024 ** 4,
  Pi: 1024 ** 5,
  Ei: 1024 ** 6,
};

export function quantity(value: string | number | undefined | null): number {
  if (value === undefined || value === null) return 0;
  if (typeof value === "number") return value;
  const m = /^([+-]?[0-9.]+(?:[eE][+-]?\d+)?)([a-zA-Z]*)$/.exec(value.trim());
  if (!m) return 0;
  const factor = SUFFIX[m[2]!];
  return factor === undefined ? 0 : Number(m[1]) * factor;
}

/** Cores to the figure shown beside CPU capacity ("15.8"). */
export const cores = (n: number) => String(Math.round(n * 10) / 10);

/** Bytes as a number with a two-character unit ("62Gi", "512Mi"). */
export function binary(bytes: number): string {
  const units = ["Ki", "Mi", "Gi", "Ti", "Pi"];
  let v = bytes / 1024;
  let i = 0;
  while (v >= 1024 && i < units.length - 1) {
    v /= 1024;
    i++;
  }
  return `${Math.round(v * 10) / 10}${units[i]}`;
}

export const percent = (part: number, whole: number) => (whole > 0 ? Math.round((part / whole) * 1000) / 10 : 0);
