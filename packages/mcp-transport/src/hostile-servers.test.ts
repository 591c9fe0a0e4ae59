import type { HostileServerOptions } from "@tinyloop/test-fixtures/hostile-server";
import { hostileServer, startSseWithoutAnswerServer } from "@tinyloop/test-fixtures/hostile-server";
import { useProcessGuard } from "@tinyloop/test-fixtures/process-guard";
import { describe, expect, it, vi } from "vitest";
import { reach, rejection, textOf } from "./__fixtures__/helpers.js";
import { TRANSPORT_PROCESS_WAITS } from "./__fixtures__/process-waits.js";
import { connectServer } from "./connect-server.js";
import type { ConnectOptions } from "./connection-types.js";
import { MAX_TOOL_PAGES } from "./list-all-tools.js";
import { LOG_LINES_PER_WINDOW } from "./rate-limited-log.js";

const guard = useProcessGuard(TRANSPORT_PROCESS_WAITS);
// Long call timeouts: a call that is failed "at once" must not be one that merely timed out.
const patient: ConnectOptions = {
  timeouts: { callMs: 120_000 },
  reconnect: { initialRetries: 0, sessionRetries: 1, baseDelayMs: 10, maxDelayMs: 20 },
};

async function connectHostile(options: HostileServerOptions = {}, extra: ConnectOptions = {}) {
  const lines: string[] = [];
  const { command, args } = hostileServer(options);
  const connection = guard.track(
    await connectServer(
      "hostile",
      { command, args, env: guard.env() },
      { ...patient, ...extra, onLog: (line) => lines.push(line) },
    ),
  );
  return { connection, lines };
}

describe("hostile stdio servers", () => {
  it("gives up on endless tools/list pagination: PROTOCOL, the server failed and stopped", async () => {
    const { connection } = await connectHostile({ endlessPages: true });
    const error = await rejection(connection.listTools());
    expect(error.code).toBe("PROTOCOL");
    expect(error.message).toContain(`listed ${MAX_TOOL_PAGES} pages of tools`);
    expect(error.message).toContain("pagination looks endless");
    expect(connection.state).toBe("failed");
    // The process is shut down by close() (the guard checks nothing is left).
  }, 60_000);

  it("checks listed tools one by one: bad entries are skipped with a log line, the rest kept", async () => {
    const { connection, lines } = await connectHostile({ badTools: true });
    const names = (await connection.listTools()).map((tool) => tool.name);
    expect(names).toContain("echo");
    expect(names).toContain("no_schema"); // kept: the registration normalises its schema
    expect(names).toContain("string_schema");
    expect(names).not.toContain(42);
    // Entries 10 and 11 of the listing (after echo, six call-fault tools and two kept ones).
    expect(lines.join("\n")).toContain(
      'tools/list entry 10 skipped: its "name" is not a string (42)',
    );
    expect(lines.join("\n")).toContain(
      "tools/list entry 11 skipped: expected a tool object, got a string",
    );
    expect(textOf(await connection.callTool("echo", { text: "still fine" }))).toBe("still fine");
  });

  it("fails a call whose answer is over the size limit at once, and keeps the connection", async () => {
    const { connection, lines } = await connectHostile({}, { maxMessageBytes: 100_000 });
    const error = await rejection(connection.callTool("oversize", { bytes: 300_000 }));
    expect(error.code).toBe("PROTOCOL");
    expect(error.message).toMatch(
      /Tool "oversize" on server "hostile" got no usable answer: .*over the 100000-byte limit; it was dropped/,
    );
    expect(lines.some((line) => line.includes("over the 100000-byte limit"))).toBe(true);
    expect(textOf(await connection.callTool("echo", { text: "after" }))).toBe("after");
  });

  it("fails a call answered with a malformed result at once (PROTOCOL), and keeps the connection", async () => {
    const { connection } = await connectHostile();
    const wrong = await rejection(connection.callTool("wrong_shape", {}));
    expect(wrong.code).toBe("PROTOCOL");
    expect(wrong.message).toContain(
      'sent a malformed response (its "result" is a string ("this result is a string, not an object"), not an object)',
    );
    const badContent = await rejection(connection.callTool("bad_content", {}));
    expect(badContent.code).toBe("PROTOCOL");
    expect(badContent.message).toBe(
      'Tool "bad_content" on server "hostile" sent a malformed result ("content": expected array, received string); it was not used.',
    );
    expect(connection.state).toBe("ready");
    expect(textOf(await connection.callTool("echo", { text: "ok" }))).toBe("ok");
  });

  it("treats a server that closes stdout but keeps running as a lost connection", async () => {
    const { connection } = await connectHostile();
    const error = await rejection(connection.callTool("close_stdout", {}));
    expect(error.code).toBe("NOT_CONNECTED");
    expect(error.mayHaveRun).toBe(true);
    expect(error.message).toContain("closed its stdout while still running");
    expect(error.message).toContain("It may have run");
    // The hung process is replaced by a fresh one, which answers.
    await reach(connection, "ready");
    expect(textOf(await connection.callTool("echo", { text: "new process" }))).toBe("new process");
  });

  it("says a call may have run when the server dies while running it", async () => {
    const { connection } = await connectHostile();
    const error = await rejection(connection.callTool("die", {}));
    expect(error.code).toBe("SERVER_EXITED");
    expect(error.mayHaveRun).toBe(true);
    expect(error.message).toContain("may have run, in full or in part");
    expect(error.message).toContain("hostile: dying mid-call");
  });
});

describe("an HTTP server whose SSE response ends without the answer", () => {
  it.each([
    ["vanish", "ends the stream"],
    ["cut", "drops the connection"],
  ])(
    "tools/call %s (the server %s): PROTOCOL at once, not retried, and the connection still works",
    async (tool) => {
      const server = await startSseWithoutAnswerServer(guard.env());
      guard.defer(() => server.close());
      const lines: string[] = [];
      const connection = guard.track(
        await connectServer(
          "vanishing",
          { url: server.url },
          { ...patient, onLog: (line) => lines.push(line) },
        ),
      );
      const error = await rejection(connection.callTool(tool, {}));
      expect(error.code).toBe("PROTOCOL");
      expect(error.message).toBe(
        `Tool "${tool}" on server "vanishing" got no usable answer: the server ended its response stream without the JSON-RPC answer (at ${server.url}); the request may have run and was not retried`,
      );
      expect(connection.state).toBe("ready");
      expect(textOf(await connection.callTool("echo", { text: "still here" }))).toBe("still here");
      // The server counts each tools/call on its stdout, which may arrive after the answers:
      // once the echo's count is in, a retry of the first call would have been counted too.
      await vi.waitFor(() => expect(server.calls()).toBeGreaterThanOrEqual(2));
      expect(server.calls()).toBe(2);
    },
  );
});

describe("configs that used to hang or be retried", () => {
  it.each([
    [{ command: "node\0x" }, "nul.command"],
    [{ command: process.execPath, args: ["a\0b"] }, "nul.args[0]"],
    [{ command: process.execPath, env: { KEY: "v\0" } }, "nul.env.KEY"],
  ])("a NUL byte is CONFIG_INVALID at once, nothing started (%j)", async (config, where) => {
    const lines: string[] = [];
    const error = await rejection(
      connectServer("nul", config, { onLog: (line) => lines.push(line) }),
    );
    expect(error.code).toBe("CONFIG_INVALID");
    expect(error.message).toContain(`${where}: must not contain a NUL byte`);
    expect(lines).toEqual([]); // no attempt, no retry
  });
});

describe("hostile servers: log floods", () => {
  it("rate-limits SDK warnings: 5,000 unknown progress tokens give a handful of lines and a count", async () => {
    const { connection, lines } = await connectHostile();
    expect(textOf(await connection.callTool("flood_progress", { count: 5_000 }))).toBe("sent 5000");
    await expect
      .poll(() => lines.find((line) => line.includes("more line(s) like this were left out")), {
        timeout: 15_000,
      })
      .toMatch(/^\(4995 more line\(s\) like this were left out: Server "hostile": .*progress/);
    expect(
      lines.filter((line) => line.startsWith("Server") && line.includes("progress notification"))
        .length,
    ).toBe(LOG_LINES_PER_WINDOW);
  }, 30_000);
});
