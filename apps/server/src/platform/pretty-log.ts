/**
 * One readable line per log record for a person at a terminal ("12:04:05 INFO  request GET /x 200
 * 3.1 ms"); files, pipes and log collectors keep pino's JSON. Kept here rather than adding
 * pino-pretty, which is not among the dependencies.
 */
const LEVELS: Record<number, string> = { 10: "TRACE", 20: "DEBUG", 30: "INFO", 40: "WARN", 50: "ERROR", 60: "FATAL" };
const OMIT = new Set(["level", "time", "pid", "hostname", "msg", "reqId"]);
/** Written in the request part of a request record's line; other records keep them as fields. */
const REQUEST = new Set(["method", "url", "status", "ms"]);

export function prettyLine(json: string): string {
  let r: Record<string, unknown>;
  try {
    r = JSON.parse(json) as Record<string, unknown>;
  } catch {
    return json.endsWith("\n") ? json : `${json}\n`;
  }
  const time = new Date(typeof r.time === "number" ? r.time : Date.now()).toTimeString().slice(0, 8);
  const level = (LEVELS[Number(r.level)] ?? String(r.level)).padEnd(5);
  const request = r.method ? ` ${String(r.method)} ${String(r.url)} ${String(r.status)} ${String(r.ms)} ms` : "";
  const rest = Object.entries(r)
    .filter(([k, v]) => !OMIT.has(k) && !(r.method && REQUEST.has(k)) && v !== undefined)
    .map(([k, v]) => `${k}=${typeof v === "string" ? v : JSON.stringify(v)}`)
    .join(" ");
  return `${time} ${level} ${String(r.msg ?? "")}${request}${rest ? ` ${rest}` : ""}\n`;
}

/** A pino destination that writes pretty lines to the terminal. */
export function prettyStream(out: NodeJS.WriteStream = process.stdout): { write: (line: string) => void } {
  return { write: (line) => void out.write(prettyLine(line)) };
}
