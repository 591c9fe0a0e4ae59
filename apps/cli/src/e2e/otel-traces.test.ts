import { randomBytes } from "node:crypto";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { SECRET_MASK } from "@tinyloop/errors";
import { startFixtureHttpServer } from "@tinyloop/test-fixtures/mcp-server";
import {
  type OtlpReceiver,
  type ReceivedSpan,
  spanTree,
  startOtlpReceiver,
} from "@tinyloop/test-fixtures/otlp-receiver";
import { execa } from "execa";
import { afterEach, describe, expect, it } from "vitest";
import { cliBin, runCli } from "../__fixtures__/cli-harness.js";
import { json, useE2eSession } from "../__fixtures__/e2e-session.js";
import { startServeProcess } from "../__fixtures__/serve-process.js";

// The CLI's traces as a collector receives them: the real OpenTelemetry SDK and OTLP/HTTP
// exporter in the built CLI, a real receiver decoding the wire format, real fixture MCP
// servers (stdio and Streamable HTTP) and the scripted model server.

const s = useE2eSession();
const closers: Array<() => Promise<unknown>> = [];
afterEach(async () => {
  for (const close of closers.splice(0).reverse()) await close();
});

const HEADER_SECRET = "s3cret-header-token";
const ENV_SECRET = "s3cret-env-value";
const ANSWER_MODEL = "scripted-2026-12-01";

async function receiver(): Promise<OtlpReceiver> {
  const started = await startOtlpReceiver();
  closers.push(() => started.close());
  return started;
}

/**
 * An agent with an HTTP server behind a bearer token and a stdio server with a secret in
 * its env; the model calls four tools at once (two meet each other, so they overlap by
 * construction), one with the env secret as its argument, then answers.
 */
async function tracedAgent(): Promise<void> {
  const web = await startFixtureHttpServer(
    { requireToken: HEADER_SECRET, traceTools: true },
    s.ws.markerEnv,
  );
  closers.push(() => web.close());
  const local = s.ws.fixture(["--trace-tools"]);
  s.ws.write({
    ".mcp.json": json({
      mcpServers: {
        web: { url: web.url, headers: { Authorization: `Bearer ${HEADER_SECRET}` } },
        local: { ...local, env: { ...local.env, FIXTURE_API_KEY: ENV_SECRET } },
      },
    }),
  });
  await s.withModel([
    {
      toolCalls: [
        { id: "call_trace", name: "mcp_web_trace_context", arguments: {} },
        { id: "call_meet_1", name: "mcp_local_rendezvous", arguments: { count: 2 } },
        { id: "call_meet_2", name: "mcp_local_rendezvous", arguments: { count: 2 } },
        { id: "call_echo", name: "mcp_local_echo", arguments: { text: ENV_SECRET } },
      ],
      usage: { inputTokens: 120, outputTokens: 30 },
    },
    // The provider answers the second turn as a dated version of the model asked for.
    {
      text: "All four done.",
      usage: { inputTokens: 200, outputTokens: 5 },
      answerModel: ANSWER_MODEL,
    },
  ]);
}

/** `tinyloop run` of {@link tracedAgent}'s agent, exporting to `otlp`, with `extra` flags. */
function runTraced(otlp: OtlpReceiver, extra: string[], env: Record<string, string> = {}) {
  return runCli(
    [
      "run",
      ".mcp.json",
      "-p",
      "use the tools",
      "--yes",
      "--otlp",
      otlp.endpoint,
      ...extra,
      ...s.modelFlags(),
    ],
    { cwd: s.ws.dir, env },
  );
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

/**
 * Calls `tool` with a caller's traceparent in `_meta`, expects `answer`, and waits for the
 * run's one `invoke_agent` span: it must be in the caller's trace, a child of its span.
 */
async function expectCallTraced(
  otlp: OtlpReceiver,
  client: Client,
  tool: string,
  answer: string,
): Promise<void> {
  const caller = callerSpan();
  const result = await client.callTool({
    name: tool,
    arguments: { task: "say something" },
    _meta: { traceparent: caller.traceparent },
  });
  expect(result.content).toEqual([{ type: "text", text: answer }]);
  const runs = (await otlp.waitFor((received) => received.some(isRun))).filter(isRun);
  expect(runs).toHaveLength(1);
  expect(runs[0]?.traceId).toBe(caller.traceId);
  expect(runs[0]?.parentSpanId).toBe(caller.spanId);
}

/** `tinyloop serve ARGS --otlp` of the agent in the workspace, stopped after the test. */
function serveTraced(otlp: OtlpReceiver, args: string[]) {
  return startServeProcess(
    s.ws.dir,
    [...args, "--otlp", otlp.endpoint, ...s.modelFlags()],
    (child) =>
      closers.push(async () => {
        if (child.exitCode === null) child.kill("SIGTERM");
        await child;
      }),
  );
}

const events = (stdout: string) =>
  stdout
    .split("\n")
    .filter(Boolean)
    .map((line) => JSON.parse(line) as Record<string, unknown>);

const overlap = (a: ReceivedSpan, b: ReceivedSpan) =>
  a.startTimeUnixNano < b.endTimeUnixNano && b.startTimeUnixNano < a.endTimeUnixNano;

describe("OpenTelemetry export", () => {
  it("--otlp exports invoke_agent → chat → execute_tool → MCP client spans with the GenAI and MCP attributes", async () => {
    const otlp = await receiver();
    await tracedAgent();
    const r = await runTraced(otlp, ["--json"]);
    expect(r.stderr).toBe("");
    expect(r.exitCode).toBe(0);
    // Flushed before the exit: no waiting for a batch interval.
    const tree = spanTree(otlp.spans);

    const run = tree.one("invoke_agent mcp");
    expect(run.parentSpanId).toBeUndefined();
    expect(run.resource["service.name"]).toBe("tinyloop");
    expect(run.attributes).toMatchObject({
      "gen_ai.operation.name": "invoke_agent",
      "gen_ai.agent.name": "mcp",
      "gen_ai.conversation.id": expect.any(String),
      "gen_ai.request.model": "scripted",
      "gen_ai.usage.input_tokens": 320,
      "gen_ai.usage.output_tokens": 35,
      "tinyloop.run.stop_reason": "completed",
    });

    const chats = tree.named("chat scripted");
    expect(chats).toHaveLength(2);
    const [first, second] = chats.sort((a, b) =>
      Number(a.startTimeUnixNano - b.startTimeUnixNano),
    ) as [ReceivedSpan, ReceivedSpan];
    for (const chat of chats) {
      expect(chat.parentSpanId).toBe(run.spanId);
      expect(chat.kind).toBe(3); // client
      expect(chat.attributes).toMatchObject({
        "gen_ai.operation.name": "chat",
        "gen_ai.provider.name": expect.any(String),
        "gen_ai.request.model": "scripted",
        "gen_ai.response.time_to_first_chunk": expect.any(Number),
      });
    }
    expect(first.attributes).toMatchObject({
      "gen_ai.usage.input_tokens": 120,
      "gen_ai.usage.output_tokens": 30,
      "gen_ai.response.finish_reasons": ["tool-calls"],
    });
    expect(second.attributes["gen_ai.response.finish_reasons"]).toEqual(["stop"]);
    // gen_ai.response.model is the name the answer carried, not the one asked for.
    expect(first.attributes["gen_ai.response.model"]).toBe("scripted");
    expect(second.attributes["gen_ai.response.model"]).toBe(ANSWER_MODEL);

    // The tools are children of the turn that asked for them; the two that met overlap.
    const tools = tree.childrenOf(first).filter((span) => span.name.startsWith("execute_tool "));
    expect(tools.map((span) => span.name).sort()).toEqual([
      "execute_tool mcp_local_echo",
      "execute_tool mcp_local_rendezvous",
      "execute_tool mcp_local_rendezvous",
      "execute_tool mcp_web_trace_context",
    ]);
    const [meetA, meetB] = tree.named("execute_tool mcp_local_rendezvous") as [
      ReceivedSpan,
      ReceivedSpan,
    ];
    expect(tools.map((span) => span.status.code)).toEqual([0, 0, 0, 0]);
    expect(overlap(meetA, meetB)).toBe(true);
    expect(meetA.attributes).toMatchObject({
      "gen_ai.operation.name": "execute_tool",
      "gen_ai.tool.name": "mcp_local_rendezvous",
      "gen_ai.tool.call.id": expect.stringMatching(/^call_meet_[12]$/),
      "gen_ai.tool.type": "extension",
      "tinyloop.mcp.server.name": "local",
      "tinyloop.mcp.tool.name": "rendezvous",
    });

    // Each tool span has its MCP client span below it, over the server's transport.
    for (const tool of tools) {
      const [call, ...more] = tree.childrenOf(tool);
      expect(more).toEqual([]);
      const own = String(tool.attributes["tinyloop.mcp.tool.name"]);
      expect(call?.name).toBe(`tools/call ${own}`);
      expect(call?.kind).toBe(3);
      expect(call?.attributes).toMatchObject({
        "mcp.method.name": "tools/call",
        "gen_ai.tool.name": own,
        "mcp.protocol.version": expect.any(String),
        "jsonrpc.request.id": expect.any(String),
      });
    }
    const webCall = tree.one("tools/call trace_context");
    expect(webCall.attributes).toMatchObject({
      "network.transport": "tcp",
      "server.address": "127.0.0.1",
      "mcp.session.id": expect.any(String),
      "tinyloop.mcp.server.name": "web",
    });
    expect(tree.named("tools/call rendezvous")[0]?.attributes["network.transport"]).toBe("pipe");
    // Connects and listings have their spans too.
    expect(
      tree
        .named("initialize")
        .map((span) => span.attributes["tinyloop.mcp.server.name"])
        .sort(),
    ).toEqual(["local", "web"]);
    expect(tree.named("tools/list").length).toBeGreaterThanOrEqual(2);

    // The HTTP server saw the traceparent of the call's span, as a header and in _meta.
    const all = events(r.stdout);
    const traced = all.find(
      (event) => event.type === "tool-result" && (event.call as { id: string }).id === "call_trace",
    ) as { result: { content: Array<{ text: string }> } } | undefined;
    const seen = JSON.parse(traced?.result.content[0]?.text ?? "{}") as {
      header?: string;
      meta?: { traceparent?: string };
    };
    const traceparent = `00-${run.traceId}-${webCall.spanId}-01`;
    expect(seen.header).toBe(traceparent);
    expect(seen.meta?.traceparent).toBe(traceparent);
    expect(tree.parentOf(webCall)?.name).toBe("execute_tool mcp_web_trace_context");
    // …and the model server the traceparent of each chat span.
    expect(s.model?.requests.map((request) => request.headers.traceparent)).toEqual(
      [first, second].map((chat) => `00-${run.traceId}-${chat.spanId}-01`),
    );

    // --json events name their spans.
    const done = all.find((event) => event.type === "done");
    expect(done).toMatchObject({ traceId: run.traceId, spanId: run.spanId });
    expect(all.find((event) => event.type === "turn-start")).toMatchObject({
      traceId: run.traceId,
      spanId: first.spanId,
    });
    expect(all.find((event) => event.type === "turn-end")).toMatchObject({
      traceId: run.traceId,
      spanId: first.spanId,
    });
    const echoResult = all.find(
      (event) => event.type === "tool-result" && (event.call as { id: string }).id === "call_echo",
    );
    expect(echoResult?.spanId).toBe(tree.one("execute_tool mcp_local_echo").spanId);

    // No content without opting in: no argument, result or message, so no secret.
    for (const span of otlp.spans) {
      expect(
        Object.keys(span.attributes).filter((key) => /arguments|result|messages/.test(key)),
      ).toEqual([]);
    }
    for (const body of otlp.bodies) {
      expect(body).not.toContain(ENV_SECRET);
      expect(body).not.toContain(HEADER_SECRET);
    }
  });

  it("--otlp-content exports arguments, results and messages with the servers' secrets masked", async () => {
    const otlp = await receiver();
    await tracedAgent();
    const r = await runTraced(otlp, ["--otlp-content"], {
      OTEL_SERVICE_NAME: "my-agents",
      OTEL_RESOURCE_ATTRIBUTES: "deployment.environment=test",
    });
    expect(r.exitCode).toBe(0);
    const tree = spanTree(otlp.spans);
    expect(otlp.spans[0]?.resource).toMatchObject({
      "service.name": "my-agents",
      "deployment.environment": "test",
    });
    const echo = tree.one("execute_tool mcp_local_echo");
    expect(echo.attributes["gen_ai.tool.call.arguments"]).toBe(
      JSON.stringify({ text: SECRET_MASK }),
    );
    expect(String(echo.attributes["gen_ai.tool.call.result"])).toContain(SECRET_MASK);
    const chats = tree.named("chat scripted");
    expect(
      chats.every((chat) => typeof chat.attributes["gen_ai.input.messages"] === "string"),
    ).toBe(true);
    expect(
      chats.some((chat) => String(chat.attributes["gen_ai.output.messages"]).includes(SECRET_MASK)),
    ).toBe(true);
    for (const body of otlp.bodies) {
      expect(body).not.toContain(ENV_SECRET);
      expect(body).not.toContain(HEADER_SECRET);
    }
  });

  it("a model error sets ERROR with its code on the chat span and the run's span", async () => {
    const otlp = await receiver();
    s.ws.write({ ".mcp.json": json({ mcpServers: { local: s.ws.fixture() } }) });
    await s.withModel([{ status: 401, message: "bad key" }]);
    const r = await runCli(
      ["run", ".mcp.json", "-p", "hi", "--otlp", otlp.endpoint, ...s.modelFlags()],
      { cwd: s.ws.dir },
    );
    expect(r.exitCode).toBe(1);
    const tree = spanTree(otlp.spans);
    const chat = tree.one("chat scripted");
    expect(chat.status.code).toBe(2);
    expect(chat.attributes["error.type"]).toBe("AUTH");
    expect(chat.events.map((event) => event.name)).toEqual(["exception"]);
    const run = tree.one("invoke_agent mcp");
    expect(run.attributes).toMatchObject({
      "error.type": "AUTH",
      "tinyloop.run.stop_reason": "error",
    });
    expect(run.status.code).toBe(2);
  });

  it("SIGTERM in the middle of a tool call still flushes the run's spans, the abort recorded as such", async () => {
    const otlp = await receiver();
    s.ws.write({ ".mcp.json": json({ mcpServers: { local: s.ws.fixture() } }) });
    await s.withModel([
      { toolCalls: [{ id: "call_hang", name: "mcp_local_hang", arguments: {} }] },
    ]);
    const child = execa(
      process.execPath,
      [
        cliBin,
        "run",
        ".mcp.json",
        "-p",
        "hang",
        "--json",
        "--yes",
        "--otlp",
        otlp.endpoint,
        ...s.modelFlags(),
      ],
      { cwd: s.ws.dir, env: { NO_COLOR: "1" }, reject: false, stdin: "ignore" },
    );
    // The call is dispatched once the model's turn is over: wait for its tool-call event.
    await new Promise<void>((resolve, reject) => {
      let out = "";
      child.stdout?.on("data", (chunk: Buffer) => {
        out += chunk.toString();
        if (out.includes('"type":"turn-end"') || out.includes('"type":"tool-call"')) resolve();
      });
      child.once("exit", () => reject(new Error(`the CLI exited first:\n${out}`)));
    });
    await s.model?.waitForRequestEnd(0);
    child.kill("SIGTERM");
    const result = await child;
    expect(result.exitCode).toBe(143);
    const tree = spanTree(otlp.spans);
    const run = tree.one("invoke_agent mcp");
    expect(run.attributes).toMatchObject({
      "tinyloop.run.stop_reason": "aborted",
      "error.type": "aborted",
    });
    expect(run.status.code).toBe(2);
    const tool = tree.one("execute_tool mcp_local_hang");
    expect(tool.attributes["error.type"]).toBe("cancelled");
    expect(tool.status.code).toBe(2);
    expect(tree.parentOf(tool)?.name).toBe("chat scripted");
    // The server was sent notifications/cancelled: the MCP span says so.
    const call = tree.one("tools/call hang");
    expect(tree.parentOf(call)?.spanId).toBe(tool.spanId);
    expect(call.attributes["error.type"]).toBe("cancelled");
    expect(call.status.code).toBe(2);
  });

  it("serve continues a client's traceparent: the run's invoke_agent span is the client span's child", async () => {
    const otlp = await receiver();
    s.ws.write({ "mcp.json": json({ mcpServers: { fixture: s.ws.fixture() } }) });
    await s.withModel([{ text: "served" }]);
    const { child, url, key } = await serveTraced(otlp, ["mcp.json"]);
    const { traceId, spanId: parentId, traceparent } = callerSpan();
    const response = await fetch(`${url}/v1/chat/completions`, {
      method: "POST",
      headers: {
        authorization: `Bearer ${key}`,
        "content-type": "application/json",
        traceparent,
      },
      body: JSON.stringify({ model: "mcp", messages: [{ role: "user", content: "hi" }] }),
    });
    expect(response.status).toBe(200);
    await response.text();
    child.kill("SIGTERM");
    await child;
    const run = spanTree(otlp.spans).one("invoke_agent mcp");
    expect(run.traceId).toBe(traceId);
    expect(run.parentSpanId).toBe(parentId);
    expect(spanTree(otlp.spans).one("chat scripted").traceId).toBe(traceId);
  });

  it("refuses an --otlp value that is not an http(s) URL, before starting anything", async () => {
    s.ws.write({ ".mcp.json": json({ mcpServers: { local: s.ws.fixture() } }) });
    const r = await runCli(
      ["run", ".mcp.json", "-p", "hi", "--otlp", "localhost:4318", "--model", "m"],
      {
        cwd: s.ws.dir,
      },
    );
    expect(r.exitCode).toBe(2);
    expect(r.stderr).toContain(
      'tinyloop: --otlp: expected the http(s) URL of an OTLP/HTTP receiver, got a string ("localhost:4318") (example: --otlp http://localhost:4318)',
    );
  });
});

// The official SDK client sends a W3C traceparent in a tools/call request's params._meta, as
// tinyloop's own MCP client does; the agent's run must continue that trace.
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
    await expectCallTraced(otlp, client, "ask_researcher", "traced answer");
  });

  it("serve --mcp (/mcp over Streamable HTTP): the _meta traceparent is the parent of the run's invoke_agent span", async () => {
    const otlp = await receiver();
    await s.withModel([{ text: "traced over HTTP" }]);
    s.ws.write({ "mcp.json": json({ mcpServers: { fixture: s.ws.fixture() } }) });
    const { mcpUrl, key, stderr } = await serveTraced(otlp, [
      "mcp.json",
      "--mcp",
      "--name",
      "helper",
    ]);
    if (!mcpUrl || !key) throw new Error(`serve --mcp printed no /mcp URL or key:\n${stderr()}`);

    const client = newClient();
    await client.connect(
      new StreamableHTTPClientTransport(new URL(mcpUrl), {
        requestInit: { headers: { authorization: `Bearer ${key}` } },
      }),
    );
    await expectCallTraced(otlp, client, "ask_helper", "traced over HTTP");
  });
});
