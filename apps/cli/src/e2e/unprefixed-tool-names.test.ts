import { describe, expect, it } from "vitest";
import { filesystemServer, runCli } from "../__fixtures__/cli-harness.js";
import { json, useE2eSession } from "../__fixtures__/e2e-session.js";

const s = useE2eSession();

/** A filesystem server entry on `dir`, carrying the workspace's process marker. */
const filesystem = (dir: string) => ({
  command: process.execPath,
  args: [filesystemServer, dir],
  env: s.ws.markerEnv,
});

describe("an MCP tool called by its own name (a PROMPT.md written for tiny-agents)", () => {
  it("runs the one MCP tool of that name against the real filesystem server, and says so under --verbose and in --json", async () => {
    s.ws.write({ "files/hello.txt": "hi", "files/notes.md": "n" });
    const model = await s.withModel([
      { toolCalls: [{ name: "list_directory", arguments: { path: s.ws.path("files") } }] },
      { text: "Two files." },
      { toolCalls: [{ name: "list_directory", arguments: { path: s.ws.path("files") } }] },
      { text: "Two files again." },
    ]);
    s.ws.write({
      ".mcp.json": json({ mcpServers: { filesystem: filesystem(s.ws.path("files")) } }),
    });
    const r = await runCli(["run", ".mcp.json", "-p", "list", "--verbose", ...s.modelFlags()], {
      cwd: s.ws.dir,
    });
    expect(r.exitCode).toBe(0);
    expect(r.stderr).toMatch(/✓ list_directory .*\[FILE\] hello\.txt/);
    expect(r.stderr).toContain(
      "  list_directory ran as mcp_filesystem_list_directory: no tool has that name; it is that MCP tool's own name on its server",
    );
    // The model got the real listing as the answer to its own call.
    const toolMessage = (
      model.requests[1]?.body as { messages: { role: string; content: string }[] } | undefined
    )?.messages.find((m) => m.role === "tool");
    expect(JSON.stringify(toolMessage)).toContain("[FILE] notes.md");

    const j = await runCli(["run", ".mcp.json", "-p", "list", "--json", ...s.modelFlags()], {
      cwd: s.ws.dir,
    });
    const result = j.stdout
      .split("\n")
      .filter(Boolean)
      .map((line) => JSON.parse(line) as { type: string; result?: { _meta?: unknown } })
      .find((event) => event.type === "tool-result");
    expect(result?.result?._meta).toEqual({
      "tinyloop/resolvedName": { called: "list_directory", ran: "mcp_filesystem_list_directory" },
    });
  });

  it("refuses a name two servers' tools share, listing both; nothing runs", async () => {
    s.ws.write({ "a/x.txt": "", "b/y.txt": "" });
    const model = await s.withModel([
      { toolCalls: [{ name: "list_directory", arguments: { path: s.ws.path("a") } }] },
      { text: "Could not." },
    ]);
    s.ws.write({
      ".mcp.json": json({
        mcpServers: { fsa: filesystem(s.ws.path("a")), fsb: filesystem(s.ws.path("b")) },
      }),
    });
    const r = await runCli(["run", ".mcp.json", "-p", "list", ...s.modelFlags()], {
      cwd: s.ws.dir,
    });
    expect(r.exitCode).toBe(0);
    expect(r.stderr).toMatch(/✗ unavailable list_directory/);
    expect(JSON.stringify(model.requests[1]?.body)).toContain(
      'Unknown tool \\"list_directory\\": several MCP servers have a tool of that name: mcp_fsa_list_directory (server fsa), mcp_fsb_list_directory (server fsb). Call one of them by its full name.',
    );
  });
});
