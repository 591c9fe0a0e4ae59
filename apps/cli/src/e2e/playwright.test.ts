import { readFileSync, readlinkSync, realpathSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { join } from "node:path";
import { listProcesses, type ProcessInfo, waitForNoProcesses } from "@tinyloop/test-fixtures";
import {
  type ScriptedModelServer,
  startScriptedModelServer,
} from "@tinyloop/test-fixtures/model-server";
import { CHROMIUM, describeNeeding } from "@tinyloop/test-fixtures/outside-programs";
import { afterEach, beforeEach, expect, it } from "vitest";
import { runCli, type Workspace, workspace } from "../__fixtures__/cli-harness.js";

// The default agent adds Playwright's MCP server only when chromium is on PATH. Without it
// these tests are skipped and the reason is printed, except in CI, where they fail.

let ws: Workspace;
let model: ScriptedModelServer | undefined;
let page: Server | undefined;

/**
 * The default agent's servers carry no test marker (the agent file is not ours), so a
 * leftover is found by its working folder: the CLI, its servers and the browser they
 * start all run in the test's workspace.
 */
function processesIn(dir: string): ProcessInfo[] {
  const real = realpathSync(dir);
  return listProcesses().filter((p) => {
    try {
      return readlinkSync(`/proc/${p.pid}/cwd`) === real;
    } catch {
      return false; // gone, or not ours to read
    }
  });
}

beforeEach(() => {
  ws = workspace();
});
afterEach(async () => {
  await model?.close();
  model = undefined;
  await new Promise<void>((resolve) => (page ? page.close(() => resolve()) : resolve()));
  page = undefined;
  expect(await waitForNoProcesses(() => processesIn(ws.dir), 15_000)).toEqual([]);
  ws.remove();
});

async function servePage(html: string): Promise<string> {
  const server = createServer((_req, res) => {
    res.writeHead(200, { "content-type": "text/html; charset=utf-8" });
    res.end(html);
  });
  page = server;
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
}

describeNeeding(CHROMIUM)("the default agent with chromium on PATH (real Playwright MCP)", () => {
  it("mcp tools lists Playwright's browser_* tools next to the filesystem server's", async () => {
    const r = await runCli(["mcp", "tools"], { cwd: ws.dir, timeout: 90_000 });
    expect(r.stderr).toContain("connected 2/2 servers");
    expect(r.exitCode).toBe(0);
    expect(r.stdout).toMatch(/^filesystem {2}ready {2}14 tools$/m);
    expect(r.stdout).toMatch(/^playwright {2}ready {2}\d+ tools$/m);
    for (const tool of ["browser_navigate", "browser_snapshot", "browser_click", "browser_type"])
      expect(r.stdout).toMatch(
        new RegExp(`^ {2}mcp_playwright_${tool}(?: \\[read-only\\])? {2}\\S`, "m"),
      );
  }, 120_000);

  it("run drives the real browser: the model navigates to a local page and sees its text", async () => {
    const url = await servePage(
      "<!doctype html><title>tinyloop fixture page</title><h1>Hello from the fixture page</h1>",
    );
    model = await startScriptedModelServer({
      script: [
        { toolCalls: [{ name: "mcp_playwright_browser_navigate", arguments: { url } }] },
        { text: "The page says hello." },
      ],
    });
    const r = await runCli(
      [
        "run",
        "-p",
        "open the page",
        "--yes",
        "--endpoint-url",
        model.baseURL,
        "--model",
        "scripted",
      ],
      { cwd: ws.dir, timeout: 90_000 },
    );
    expect(r.stderr).toMatch(/✓ mcp_playwright_browser_navigate (?:\d+ms|\d+\.\ds) · /);
    expect(r.exitCode).toBe(0);
    expect(r.stdout).toContain("The page says hello.");
    // What the browser loaded reached the model as the tool result: the page's title,
    // and a snapshot file (in the working folder) with the rendered heading.
    expect(model.requests).toHaveLength(2);
    const body = model.requests[1]?.body as { messages: Array<{ role: string; content: string }> };
    const result = body.messages.find((m) => m.role === "tool")?.content ?? "";
    expect(result).toContain(`Page URL: ${url}`);
    expect(result).toContain("Page Title: tinyloop fixture page");
    const snapshot = /\[Snapshot\]\(([^)]+)\)/.exec(result)?.[1];
    expect(snapshot, result).toBeDefined();
    expect(readFileSync(join(ws.dir, snapshot ?? ""), "utf8")).toContain(
      'heading "Hello from the fixture page"',
    );
  }, 120_000);
});
