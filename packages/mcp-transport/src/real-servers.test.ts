import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { useProcessGuard } from "@tinyloop/test-fixtures/process-guard";
import { afterAll, describe, expect, it } from "vitest";
import { rejection, textOf } from "./__fixtures__/helpers.js";
import {
  PLANTED_SECRETS,
  unexpectedVariables,
  withPlantedSecrets,
} from "./__fixtures__/leak-check.js";
import { TRANSPORT_PROCESS_WAITS } from "./__fixtures__/process-waits.js";
import {
  everythingPath,
  filesystemPath,
  startEverythingHttp,
} from "./__fixtures__/real-servers.js";
import { connectServer } from "./connect-server.js";
import type { ConnectOptions, McpConnection } from "./connection-types.js";

const guard = useProcessGuard(TRANSPORT_PROCESS_WAITS);
const quick: ConnectOptions = {
  reconnect: { initialRetries: 0, baseDelayMs: 50, maxDelayMs: 200 },
};
const scratch = mkdtempSync(join(tmpdir(), "tinyloop-fs-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

async function exerciseEverything(connection: McpConnection): Promise<void> {
  const names = (await connection.listTools()).map((tool) => tool.name);
  expect(names).toEqual(
    expect.arrayContaining([
      "echo",
      "get-sum",
      "get-env",
      "get-tiny-image",
      "get-structured-content",
    ]),
  );
  expect(textOf(await connection.callTool("get-sum", { a: 2, b: 3 }))).toContain("5");
  const image = await connection.callTool("get-tiny-image", {});
  expect(image.content.some((block) => block.type === "image" && block.data.length > 0)).toBe(true);
  const structured = await connection.callTool("get-structured-content", { location: "Chicago" });
  expect(structured.structuredContent).toMatchObject({ temperature: expect.any(Number) });
  const steps: number[] = [];
  const long = await connection.callTool(
    "trigger-long-running-operation",
    { duration: 1, steps: 3 },
    { onProgress: (p) => steps.push(p.progress), timeoutMs: 10_000 },
  );
  expect(long.isError ?? false).toBe(false);
  expect(steps.length).toBe(3);
}

describe("@modelcontextprotocol/server-everything", () => {
  it("works over stdio", async () => {
    const connection = guard.track(
      await connectServer(
        "everything",
        { command: process.execPath, args: [everythingPath, "stdio"], env: guard.env() },
        quick,
      ),
    );
    expect(connection.serverInfo?.name).toBeTruthy();
    await exerciseEverything(connection);
  });

  it("sees no variable the config did not name (get-env)", async () => {
    await withPlantedSecrets(async () => {
      const connection = guard.track(
        await connectServer(
          "everything",
          {
            command: process.execPath,
            args: [everythingPath, "stdio"],
            env: { ...guard.env(), NAMED_VAR: "named" },
          },
          quick,
        ),
      );
      const env = JSON.parse(textOf(await connection.callTool("get-env", {}))) as Record<
        string,
        string
      >;
      expect(env.NAMED_VAR).toBe("named");
      for (const name of Object.keys(PLANTED_SECRETS)) expect(env[name]).toBeUndefined();
      expect(unexpectedVariables(env, ["NAMED_VAR"])).toEqual([]);
    });
  });

  it("works over Streamable HTTP", async () => {
    const server = await startEverythingHttp("streamableHttp", guard.env());
    guard.defer(() => server.close());
    const connection = guard.track(
      await connectServer("everything", { type: "http", url: server.url }, quick),
    );
    await exerciseEverything(connection);
  });

  it("works over legacy SSE, explicit and by fallback", async () => {
    const server = await startEverythingHttp("sse", guard.env());
    guard.defer(() => server.close());
    const explicit = guard.track(
      await connectServer("everything", { type: "sse", url: server.url }, quick),
    );
    await exerciseEverything(explicit);
    const fallback = guard.track(await connectServer("everything2", { url: server.url }, quick));
    expect(textOf(await fallback.callTool("get-sum", { a: 1, b: 1 }))).toContain("2");
  });

  it("a timed-out long operation rejects with CALL_TIMEOUT and the connection stays usable", async () => {
    const connection = guard.track(
      await connectServer(
        "everything",
        { command: process.execPath, args: [everythingPath, "stdio"], env: guard.env() },
        quick,
      ),
    );
    const error = await rejection(
      connection.callTool(
        "trigger-long-running-operation",
        { duration: 30, steps: 2 },
        { timeoutMs: 300 },
      ),
    );
    expect(error.code).toBe("CALL_TIMEOUT");
    expect(textOf(await connection.callTool("echo", { message: "alive" }))).toContain("alive");
  });
});

describe("@modelcontextprotocol/server-filesystem", () => {
  it("lists its tools and reads and writes files in the allowed directory", async () => {
    writeFileSync(join(scratch, "hello.txt"), "hello from tinyloop\n");
    const connection = guard.track(
      await connectServer(
        "fs",
        { command: process.execPath, args: [filesystemPath, scratch], env: guard.env() },
        quick,
      ),
    );
    const names = (await connection.listTools()).map((tool) => tool.name);
    expect(names).toEqual(
      expect.arrayContaining(["read_file", "write_file", "list_directory", "edit_file"]),
    );
    expect(names.length).toBeGreaterThanOrEqual(14);
    const read = await connection.callTool("read_text_file", { path: join(scratch, "hello.txt") });
    expect(textOf(read)).toContain("hello from tinyloop");
    await connection.callTool("write_file", { path: join(scratch, "out.txt"), content: "written" });
    const listing = textOf(await connection.callTool("list_directory", { path: scratch }));
    expect(listing).toContain("out.txt");
    const denied = await connection.callTool("read_text_file", { path: "/etc/hostname" });
    expect(denied.isError).toBe(true);
  });
});
