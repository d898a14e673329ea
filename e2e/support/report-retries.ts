import { beforeEach, onTestFailed } from "vitest";

/**
 * A test that fails and then passes on its retry leaves no trace in the report: each failed
 * attempt is printed here, with its error, so that the cause of a flake can be found.
 */
beforeEach(() => {
  onTestFailed(({ task }) => {
    const attempt = (task.result?.retryCount ?? 0) + 1;
    // The message and where it was raised; the test runner's own frames below say nothing.
    const errors = (task.result?.errors ?? [])
      .map((e) => (e.stack ?? e.message ?? "").split("\n").slice(0, 8).join("\n"))
      .join("\n");
    console.error(`[attempt ${attempt} of "${task.fullName}" failed]\n${errors}`);
  });
});
