import { randomBytes } from "node:crypto";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import {
  type OtlpReceiver,
  type ReceivedSpan,
  startOtlpReceiver,
} from "@tinyloop/test-fixtures/otlp-receiver";
import { execa } from "execa";
import { afterEach, describe, expect, it } from "vitest";
import { cliBin, stderrShows } from "../__fixtures__/cli-harness.js";
import { json, useE2eSession } from "../__fixtures__/e2e-session.js";

// The agent as an MCP server continues its caller's trace: the official SDK client sends a
// W3C traceparent in the tools/call request's params._meta (as tinyloop's own MCP client
// does), the built CLI exports with the real OTLP/HTTP exporter, a real receiver decodes it.

const s = useE2eSession();
const closers: Array<() => Promise<unknown>> = [];
afterEach(async () => {
  for (const close of closers.splice(0).reverse()) await close();
});

async function receiver(): Promise<OtlpReceiver> {
  const started = await startOtlpReceiver();
  closers.push(() => started.close());
  return started;
}

function newClient(): Client {
  const client = new Client({ name: "sdk-test-client", version: "1.0.0" });
  closers.push(() => client.close());
  return client;
}

/** A caller's span context: a fresh trace id and span id, as a traceparent carries them. */
function callerSpan() {
  const traceId = randomBytes(16).toString("hex");
  const spanId = randomBytes(8).toString("hex");
  return { traceId, spanId, traceparent: `00-${traceId}-${spanId}-01` };
}

const isRun = (span: ReceivedSpan) => span.name.startsWith("invoke_agent ");

/** Waits until the receiver has the run's `invoke_agent` span (exactly one). */
async function runSpan(otlp: OtlpReceiver): Promise<ReceivedSpan> {
  const spans = (await otlp.waitFor((received) => received.some(isRun))).filter(isRun);
  expect(spans).toHaveLength(1);
  return spans[0] as ReceivedSpan;
}

describe("the agent as an MCP server continues the caller's trace from _meta", () => {
  it("tinyloop mcp serve (stdio): the _meta traceparent is the parent of the run's invoke_agent span", async () => {
    const otlp = await receiver();
    await s.withModel([{ text: "traced answer" }]);
    s.ws.write({
      "researcher/agent.json": json({ servers: [{ type: "stdio", ...s.ws.fixture() }] }),
      "researcher/PROMPT.md": "You research things.",
    });
    const client = newClient();
    await client.connect(
      new StdioClientTransport({
        command: process.execPath,
        args: [cliBin, "mcp", "serve", "researcher", "--otlp", otlp.endpoint, ...s.modelFlags()],
        cwd: s.ws.dir,
        env: { PATH: process.env.PATH ?? "", HOME: process.env.HOME ?? "", NO_COLOR: "1" },
        stderr: "pipe",
      }),
    );
    const caller = callerSpan();
    const result = await client.callTool({
      name: "ask_researcher",
      arguments: { task: "say something" },
      _meta: { traceparent: caller.traceparent },
    });
    expect(result.content).toEqual([{ type: "text", text: "traced answer" }]);

    const run = await runSpan(otlp);
    expect(run.traceId).toBe(caller.traceId);
    expect(run.parentSpanId).toBe(caller.spanId);
  });

  it("serve --mcp (/mcp over Streamable HTTP): the _meta traceparent is the parent of the run's invoke_agent span", async () => {
    const otlp = await receiver();
    await s.withModel([{ text: "traced over HTTP" }]);
    s.ws.write({ "mcp.json": json({ mcpServers: { fixture: s.ws.fixture() } }) });
    const child = execa(
      process.execPath,
      [
        cliBin,
        "serve",
        "mcp.json",
        "--mcp",
        "--name",
        "helper",
        "--port",
        "0",
        "--otlp",
        otlp.endpoint,
        ...s.modelFlags(),
      ],
      { cwd: s.ws.dir, env: { NO_COLOR: "1" }, reject: false, stdin: "ignore" },
    );
    closers.push(async () => {
      if (child.exitCode === null) child.kill("SIGTERM");
      await child;
    });
    let stderr = "";
    child.stderr?.on("data", (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    await stderrShows(child, "Ctrl+C or SIGTERM stops");
    const mcpUrl = /MCP\s+(http:\/\/127\.0\.0\.1:\d+\/mcp)/.exec(stderr)?.[1];
    const key = /#key=(\S+)/.exec(stderr)?.[1];
    if (!mcpUrl || !key) throw new Error(`serve --mcp printed no /mcp URL or key:\n${stderr}`);

    const client = newClient();
    await client.connect(
      new StreamableHTTPClientTransport(new URL(mcpUrl), {
        requestInit: { headers: { authorization: `Bearer ${key}` } },
      }),
    );
    const caller = callerSpan();
    const result = await client.callTool({
      name: "ask_helper",
      arguments: { task: "say something" },
      _meta: { traceparent: caller.traceparent },
    });
    expect(result.content).toEqual([{ type: "text", text: "traced over HTTP" }]);

    const run = await runSpan(otlp);
    expect(run.traceId).toBe(caller.traceId);
    expect(run.parentSpanId).toBe(caller.spanId);
  });
});
