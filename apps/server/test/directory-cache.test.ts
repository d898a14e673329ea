import { describe, expect, it } from "vitest";
import { CacheBus } from "../src/platform/cache-bus.js";
import type { Db } from "../src/platform/db/index.js";
import { Directory } from "../src/platform/directory.js";

/** A database that answers the directory's query from `users`, counting the queries it gets. */
function fakeDb(users: () => Array<{ username: string; first_name: string }>) {
  const state = { queries: 0, failNext: false, gate: null as Promise<void> | null };
  const db = {
    async query(_sql: string, params: unknown[]) {
      state.queries++;
      // What the database holds when the query starts is what it answers, however late.
      const now = users();
      if (state.gate) await state.gate;
      if (state.failNext) {
        state.failNext = false;
        throw new Error("connection terminated");
      }
      const wanted = params[0] as string[];
      const rows = now
        .filter((u) => wanted.includes(u.username))
        .map((u) => ({ id: `id-${u.username}`, last_name: "", email: "", enabled: true, groups: null, ...u }));
      return { rows };
    },
    notify: async () => undefined,
  };
  return { db: db as unknown as Db, state };
}

describe("the directory's cache of signed-in users", () => {
  it("reads a user once when many calls ask for them at once", async () => {
    const { db, state } = fakeDb(() => [{ username: "vera", first_name: "Vera" }]);
    const dir = new Directory(db, new CacheBus(db));
    const found = await Promise.all(Array.from({ length: 50 }, (_, i) => dir.find(i % 2 ? "Vera" : "vera")));
    expect(found.every((u) => u?.firstName === "Vera")).toBe(true);
    expect(state.queries).toBe(1);
    await dir.find("vera");
    expect(state.queries).toBe(1);
  });

  it("does not keep what a read under way answers once users changed meanwhile", async () => {
    let name = "Vera";
    const { db, state } = fakeDb(() => [{ username: "vera", first_name: name }]);
    const bus = new CacheBus(db);
    const dir = new Directory(db, bus);
    let open!: () => void;
    state.gate = new Promise((resolve) => (open = resolve));
    const before = dir.find("vera");
    await bus.publish("users");
    name = "Veronica";
    state.gate = null;
    const after = dir.find("vera");
    open();
    expect((await before)?.firstName).toBe("Vera");
    expect((await after)?.firstName).toBe("Veronica");
    expect(state.queries).toBe(2);
    expect((await dir.find("vera"))?.firstName).toBe("Veronica");
    expect(state.queries).toBe(2);
  });

  it("reads again after a failed read instead of keeping the failure", async () => {
    const { db, state } = fakeDb(() => [{ username: "vera", first_name: "Vera" }]);
    const dir = new Directory(db, new CacheBus(db));
    state.failNext = true;
    const failed = await Promise.allSettled([dir.find("vera"), dir.find("vera")]);
    expect(failed.map((r) => r.status)).toEqual(["rejected", "rejected"]);
    expect(state.queries).toBe(1);
    expect((await dir.find("vera"))?.firstName).toBe("Vera");
    expect(state.queries).toBe(2);
  });

  it("answers null for a username nobody holds, and remembers that too", async () => {
    const { db, state } = fakeDb(() => []);
    const dir = new Directory(db, new CacheBus(db));
    expect(await dir.find("ghost")).toBeNull();
    expect(await dir.find("ghost")).toBeNull();
    expect(state.queries).toBe(1);
  });
});
