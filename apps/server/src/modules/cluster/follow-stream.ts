import type { ServerResponse } from "node:http";
import { Writable } from "node:stream";
import { StringDecoder } from "node:string_decoder";
import { HttpError } from "../../platform/errors.js";

/**
 * A line longer than this is sent in pieces: a container that writes without ever ending a
 * line (a progress bar, binary output) would otherwise grow one string without bound, and
 * nothing would be written to the browser to hold the pod's log back.
 */
export const MAX_LINE_CHARS = 64 * 1024;
/** Lines encoded in one turn of the event loop, at most (in characters, about 130 lines). */
export const SLICE_CHARS = 16 * 1024;

/** What one user's follows together read from the cluster, at most, once a first burst is spent. */
export const FOLLOW_BYTES_PER_SECOND = 2 * 1024 * 1024;
/** What they may read at once: a full tail of 5,000 ordinary lines goes through unpaced. */
export const FOLLOW_BURST_BYTES = 1024 * 1024;

/**
 * A token bucket of bytes: `take(n)` spends n and says how long to wait before reading more.
 * One user's follows share one, so that opening many logs with long tails spreads their reading
 * over a second or two instead of holding the event loop, and everyone else's calls, for its
 * whole length; a follow of a live log (a few lines a second) never waits.
 */
export class Pacer {
  private tokens: number;
  private at: number;

  constructor(
    private readonly rate: number,
    private readonly burst: number,
    private readonly now: () => number = () => performance.now(),
  ) {
    this.tokens = burst;
    this.at = now();
  }

  /** Spends `bytes`; returns the milliseconds to wait before the next read (0: none). */
  take(bytes: number): number {
    const t = this.now();
    this.tokens = Math.min(this.burst, this.tokens + ((t - this.at) * this.rate) / 1000);
    this.at = t;
    this.tokens -= bytes;
    return this.tokens >= 0 ? 0 : Math.ceil((-this.tokens * 1000) / this.rate);
  }
}

/**
 * The follows each user has open on this replica, and the pace their reading shares. Counted
 * in memory: with several replicas one user may hold the limit on each, which still bounds
 * what one replica serves.
 */
export class FollowSlots {
  private readonly open = new Map<string, number>();
  private readonly pacers = new Map<string, Pacer>();

  constructor(
    readonly perUser: number,
    private readonly pace = { bytesPerSecond: FOLLOW_BYTES_PER_SECOND, burstBytes: FOLLOW_BURST_BYTES },
  ) {}

  /** The pace shared by this user's open follows; kept while they hold a slot, forgotten with the last. */
  pacer(user: string): Pacer {
    let p = this.pacers.get(user);
    if (!p) {
      p = new Pacer(this.pace.bytesPerSecond, this.pace.burstBytes);
      if (this.open.has(user)) this.pacers.set(user, p);
    }
    return p;
  }

  /** Takes a slot or refuses with 429; the function returned gives it back (only once). */
  take(user: string): () => void {
    const held = this.open.get(user) ?? 0;
    if (held >= this.perUser)
      throw new HttpError(
        429,
        `You are already following ${this.perUser} logs, the most one person may follow at once. Close one to follow another.`,
        "too_many_follows",
        undefined,
        { "retry-after": "5" },
      );
    this.open.set(user, held + 1);
    let given = false;
    return () => {
      if (given) return;
      given = true;
      const left = (this.open.get(user) ?? 1) - 1;
      if (left > 0) this.open.set(user, left);
      else {
        this.open.delete(user);
        this.pacers.delete(user);
      }
    };
  }

  held(user: string): number {
    return this.open.get(user) ?? 0;
  }
}

/**
 * Where the pod's log is piped: each line (`<time> <text>`) becomes a server-sent event whose
 * id is its time. It takes the next chunk only once the reply could take this one (its
 * 'drain'), so a browser that reads slowly holds the pod's log back instead of filling memory,
 * and no sooner than `pacer` allows.
 */
export function eventSink(res: ServerResponse, resumeAfter: string | null, pacer?: Pacer): Writable {
  const decoder = new StringDecoder("utf8");
  let pending = "";
  // The rest of a line sent in pieces has no time of its own; it goes where its start went.
  let continuing = false;
  let skipping = false;
  const event = (line: string, whole: boolean): string => {
    let out = "";
    if (!continuing) {
      const space = line.indexOf(" ");
      const time = space > 0 ? line.slice(0, space) : "";
      // Lines at or before the resume point were sent on the lost stream.
      skipping = !!resumeAfter && !!time && time <= resumeAfter;
      const text = space > 0 ? line.slice(space + 1) : line;
      if (!skipping) out = `${time ? `id: ${time}\n` : ""}data: ${JSON.stringify(text)}\n\n`;
    } else if (!skipping) out = `data: ${JSON.stringify(line)}\n\n`;
    continuing = !whole;
    return out;
  };
  return new Writable({
    write(chunk: Buffer, _enc, done) {
      pending += decoder.write(chunk);
      const wait = pacer ? pacer.take(chunk.length) : 0;
      // A chunk is encoded a slice a turn of the event loop, and the next chunk taken in a later
      // turn: a socket holding a long tail hands over 64 KB at a time, chunk after chunk, and
      // eight follows encoding theirs at once would hold every other call for milliseconds.
      const step = (): void => {
        // The follow was closed meanwhile: what is left goes nowhere.
        if (res.writableEnded) return done();
        let out = "";
        let start = 0;
        let nl = -1;
        while (start < SLICE_CHARS && (nl = pending.indexOf("\n", start)) >= 0) {
          out += event(pending.slice(start, nl), true);
          start = nl + 1;
        }
        pending = pending.slice(start);
        // Stopped at the slice's end rather than for want of a whole line: more may follow.
        const more = nl >= 0 && pending.length > 0;
        if (!more)
          while (pending.length >= MAX_LINE_CHARS) {
            out += event(pending.slice(0, MAX_LINE_CHARS), false);
            pending = pending.slice(MAX_LINE_CHARS);
          }
        const next = more
          ? () => void setImmediate(step)
          : wait > 0
            ? () => void setTimeout(done, wait)
            : () => void setImmediate(done);
        if (!out || res.write(out)) return next();
        res.once("drain", next);
      };
      step();
    },
  });
}
