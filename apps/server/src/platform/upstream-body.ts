import { UpstreamError } from "./errors.js";

const inMb = (bytes: number) => `${Math.round(bytes / (1024 * 1024))} MB`;

/**
 * The most the console reads of one answer from another system. A proxy's endless page or a
 * runaway result would otherwise be held in memory whole; past this the answer is refused.
 * One limit for the process, set from EXTERNAL_ANSWER_MAX_MB when the app is built.
 */
let maxAnswerBytes = 32 * 1024 * 1024;

export function setMaxAnswerBytes(bytes: number): void {
  maxAnswerBytes = bytes;
}

export const maxAnswer = () => ({ bytes: maxAnswerBytes, text: inMb(maxAnswerBytes) });

/**
 * Reads an answer's body as text, never more than the limit: past it the rest is cancelled
 * and the call fails with a 502 naming the system. A time-out while the body arrives (the
 * request's signal) is reported as such, not as a bad answer.
 */
export async function readBody(system: string, res: Response, opts: { timeoutMs: number }): Promise<string> {
  const max = maxAnswerBytes;
  const tooLarge = () => new UpstreamError(system, `its answer was larger than ${inMb(max)}`, 502);
  const declared = Number(res.headers.get("content-length"));
  if (declared > max) {
    await res.body?.cancel().catch(() => undefined);
    throw tooLarge();
  }
  if (!res.body) return "";
  const reader = res.body.getReader();
  const decoder = new TextDecoder();
  let size = 0;
  let text = "";
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return text + decoder.decode();
      size += value.byteLength;
      if (size > max) {
        await reader.cancel().catch(() => undefined);
        throw tooLarge();
      }
      text += decoder.decode(value, { stream: true });
    }
  } catch (err) {
    if (err instanceof UpstreamError) throw err;
    const e = err as Error;
    if (e.name === "TimeoutError" || e.name === "AbortError")
      throw new UpstreamError(system, `it did not answer within ${opts.timeoutMs} ms`, 504);
    throw new UpstreamError(system, `its answer was cut (${e.message})`, 502);
  }
}

/** Parses an answer's text as JSON; anything else is a 502 naming the system. */
export function parseJson(system: string, text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    const what = /^\s*</.test(text) ? "an HTML page" : text.trim() ? "JSON cut short or malformed" : "empty";
    throw new UpstreamError(system, `its answer was not JSON (${what})`, 502);
  }
}
