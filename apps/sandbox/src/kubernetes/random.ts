/** A small seeded generator (mulberry32), so the same seed always builds the same cluster. */
export class Random {
  private state: number;
  constructor(seed: number) {
    this.state = seed >>> 0 || 0x9e3779b9;
  }
  /** A number in [0, 1). */
  next(): number {
    let t = (this.state = (this.state + 0x6d2b79f5) >>> 0);
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }
  pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.next() * items.length)]!;
  }
  chance(p: number): boolean {
    return this.next() < p;
  }
  /** Lower-case letters and digits, as in generated pod name suffixes. */
  suffix(length: number): string {
    const chars = "bcdfghjklmnpqrstvwxz2456789";
    let s = "";
    for (let i = 0; i < length; i++) s += chars[Math.floor(this.next() * chars.length)];
    return s;
  }
}
