import { describe, expect, it } from "vitest";
import { exitProblem } from "./contender.js";

// The stderr of a Node process that died of an unhandled stream error (seen in a bench run).
const epipe = `node:events:497
      throw er; // Unhandled 'error' event
      ^

Error: write EPIPE
    at afterWriteDispatched (node:internal/stream_base_commons:161:15)
    at writeGeneric (node:internal/stream_base_commons:152:3)
Emitted 'error' event on Socket instance at:
    at emitErrorNT (node:internal/streams/destroy:169:8)
    at emitErrorCloseNT (node:internal/streams/destroy:128:3)
    at process.processTicksAndRejections (node:internal/process/task_queues:82:21) {
  errno: -32,
  code: 'EPIPE',
  syscall: 'write'
}

Node.js v20.20.2`;

describe("exitProblem", () => {
  it("names the error on its first line, not the last frame of the stack", () => {
    const problem = exitProblem({ exitCode: 1, stderr: epipe });
    expect(problem.split("\n")[0]).toBe("exit code 1: Error: write EPIPE");
    expect(problem).toContain("syscall: 'write'");
  });

  it("adds the error's code when the error line does not say it", () => {
    const stderr = "TypeError: fetch failed\n  code: 'ECONNRESET'\n}";
    expect(exitProblem({ exitCode: 1, stderr }).split("\n")[0]).toBe(
      "exit code 1: TypeError: fetch failed (code: 'ECONNRESET')",
    );
  });

  it("falls back to the last line of stderr, or says there was none", () => {
    expect(exitProblem({ exitCode: 3, stderr: "starting\nbad flag --x\n" }).split("\n")[0]).toBe(
      "exit code 3: bad flag --x",
    );
    expect(exitProblem({ exitCode: 9, stderr: "" }).split("\n")[0]).toBe(
      "exit code 9: (no stderr)",
    );
  });
});
