import type { FastifyBaseLogger } from "fastify";

/**
 * Runs `task` now and then every `ms`, never two at once; a failure is logged and the next
 * run tries again. Returns the function that stops it.
 */
export function every(
  ms: number,
  task: () => Promise<unknown>,
  log: FastifyBaseLogger,
  name: string,
): () => Promise<void> {
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<void> | null = null;
  let stopped = false;
  const run = () => {
    running = task()
      .then(
        () => undefined,
        (err: Error) => log.warn({ err: err.message, task: name }, "scheduled audit task failed"),
      )
      .finally(() => {
        running = null;
        if (!stopped) timer = setTimeout(run, ms).unref();
      });
  };
  timer = setTimeout(run, 0).unref();
  return async () => {
    stopped = true;
    if (timer) clearTimeout(timer);
    await running;
  };
}
