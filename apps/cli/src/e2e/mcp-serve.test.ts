import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import {
  ElicitRequestSchema,
  LoggingMessageNotificationSchema,
} from "@modelcontextprotocol/sdk/types.js";
import { processesWithMarker } from "@tinyloop/test-fixtures";
import type { ResultPromise } from "execa";
import { afterEach, describe, expect, it } from "vitest";
import { cliBin, runCli } from "../__fixtures__/cli-harness.js";
import { json, useE2eSession } from "../__fixtures__/e2e-session.js";
import { startServeProcess } from "../__fixtures__/serve-process.js";

// `tinyloop mcp serve` as an MCP client starts it: the official SDK client spawns the built
// CLI over stdio; the agent runs on the scripted model server with a real fixture MCP server.

const CLI_PACKAGE_VERSION = (
  JSON.parse(readFileSync(new URL("../../package.json", import.meta.url), "utf8")) as {
    version: string;
  }
).version;
const everythingPath = createRequire(import.meta.url).resolve(
  "@modelcontextprotocol/server-everything/dist/index.js",
);

const s = useE2eSession();
const clients: Client[] = [];
const serves: ResultPromise[] = [];
// Registered after the session's checks, so it runs before them: the CLI is gone before
// the leftover check looks for processes.
afterEach(async () => {
  for (const client of clients.splice(0)) await client.close();
  for (const child of serves.splice(0)) {
    if (child.exitCode === null) child.kill("SIGTERM");
    await child;
  }
});

/** Writes `researcher/` (a tiny-agents folder using the fixture server) and connects a client to `tinyloop mcp serve researcher`. */
async function connectResearcher(
  extraArgs: string[] = [],
  client = new Client({ name: "sdk-test-client", version: "1.0.0" }),
  servers: unknown[] = [{ type: "stdio", ...s.ws.fixture() }],
): Promise<{ client: Client; stderr: () => string }> {
  s.ws.write({
    "researcher/agent.json": json({ servers }),
    "researcher/PROMPT.md": "You research things with the fixture tools.\n\nAlways be brief.",
  });
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [cliBin, "mcp", "serve", "researcher", ...s.modelFlags(), ...extraArgs],
    cwd: s.ws.dir,
    env: { PATH: process.env.PATH ?? "", HOME: process.env.HOME ?? "", NO_COLOR: "1" },
    stderr: "pipe",
  });
  let stderr = "";
  transport.stderr?.on("data", (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  clients.push(client);
  await client.connect(transport);
  return { client, stderr: () => stderr };
}

/**
 * Starts `tinyloop serve mcp.json --mcp --name helper` (the file written by the test) and
 * reads the `/mcp` URL and the generated key from what it prints.
 */
async function startServeMcp(extraArgs: string[]): Promise<{ mcpUrl: string; key: string }> {
  const { mcpUrl, key, stderr } = await startServeProcess(
    s.ws.dir,
    ["mcp.json", "--mcp", "--name", "helper", ...extraArgs, ...s.modelFlags()],
    (child) => serves.push(child),
  );
  expect(stderr()).toMatch(
    /MCP\s+http:\/\/\S+\/mcp\s+\(Streamable HTTP, tool ask_helper, same key\)/,
  );
  if (!mcpUrl || !key) throw new Error(`serve --mcp printed no /mcp URL or key:\n${stderr()}`);
  return { mcpUrl, key };
}

describe("tinyloop mcp serve", () => {
  it("offers ask_<agent> to the official MCP client, and each call is a run over the agent's one shared server", async () => {
    const model = await s.withModel([
      { toolCalls: [{ name: "mcp_fixtures_echo", arguments: { text: "ping" } }] },
      { text: "The fixture said ping." },
      { text: "" },
      { text: "Second answer." },
    ]);
    const { client, stderr } = await connectResearcher();
    // The CLI's own version, as --version shows it, not a placeholder.
    expect(client.getServerVersion()?.version).toBe(CLI_PACKAGE_VERSION);

    const { tools } = await client.listTools();
    expect(tools.map((tool) => tool.name)).toEqual(["ask_researcher"]);
    expect(tools[0]?.description).toContain("You research things with the fixture tools.");
    expect(tools[0]?.inputSchema).toMatchObject({
      properties: { task: { type: "string" }, context: { type: "string" } },
      required: ["task"],
    });

    const first = await client.callTool({
      name: "ask_researcher",
      arguments: { task: "Find the ping", context: "Use echo." },
    });
    expect(first.isError).toBeFalsy();
    expect(first.content).toEqual([{ type: "text", text: "The fixture said ping." }]);
    expect(first.structuredContent).toMatchObject({
      answer: "The fixture said ping.",
      stopReason: "completed",
      toolCalls: [{ name: "mcp_fixtures_echo", arguments: '{"text":"ping"}', outcome: "ok" }],
      usage: { inputTokens: expect.any(Number), outputTokens: expect.any(Number) },
    });
    const firstRequest = model.requests[0]?.body as {
      messages: Array<{ role: string; content: unknown }>;
    };
    expect(firstRequest.messages.find((m) => m.role === "user")?.content).toBe(
      "Context:\nUse echo.\n\nTask:\nFind the ping",
    );
    // The tool result the model read came from the real fixture server.
    const second = model.requests[1]?.body as {
      messages: Array<{ role: string; content: unknown }>;
    };
    expect(second.messages.at(-1)).toMatchObject({ role: "tool", content: "ping" });

    const again = await client.callTool({ name: "ask_researcher", arguments: { task: "Again" } });
    expect(again.content).toEqual([{ type: "text", text: "Second answer." }]);
    // A fresh run: the second call's model saw none of the first call's messages.
    const fourth = model.requests[3]?.body as {
      messages: Array<{ role: string; content: unknown }>;
    };
    expect(fourth.messages.filter((m) => m.role === "user")).toEqual([
      { role: "user", content: "Again" },
    ]);
    // Both calls used the one fixture server started at launch.
    expect(processesWithMarker(s.ws.marker)).toHaveLength(1);
    expect(stderr()).toContain("tool ask_researcher");
  });

  it("answers a call without a task with an error result naming the field and the right form", async () => {
    await s.withModel([]);
    const { client } = await connectResearcher();
    const result = await client.callTool({ name: "ask_researcher", arguments: { context: "x" } });
    expect(result.isError).toBe(true);
    expect(result.content).toEqual([
      {
        type: "text",
        text: expect.stringMatching(
          /^ask_researcher: task: expected a non-empty string, got .*example: \{"task": /,
        ),
      },
    ]);
  });

  it("sends progress per model turn and tool call, in order, to a caller that asked for it", async () => {
    await s.withModel([
      { toolCalls: [{ name: "mcp_fixtures_progress", arguments: { steps: 2, delayMs: 0 } }] },
      { text: "Two steps done." },
      { text: "" },
    ]);
    const { client } = await connectResearcher(["--yes"]);
    const progress: Array<{ progress: number; message?: string }> = [];
    const result = await client.callTool(
      { name: "ask_researcher", arguments: { task: "go" } },
      undefined,
      {
        onprogress: ({ progress: value, message }) => progress.push({ progress: value, message }),
      },
    );
    expect(result.content).toEqual([{ type: "text", text: "Two steps done." }]);
    expect(progress.map((p) => p.message)).toEqual([
      "turn 1: the model is thinking",
      "turn 1: calling mcp_fixtures_progress",
      "turn 1: mcp_fixtures_progress: step 1 of 2",
      "turn 1: mcp_fixtures_progress: step 2 of 2",
      "turn 2: the model is thinking",
      "turn 3: the model is thinking",
    ]);
    expect(progress.map((p) => p.progress)).toEqual([1, 2, 3, 4, 5, 6]);
  });

  it("a call without a progress token gets no progress notifications", async () => {
    await s.withModel([{ text: "Quiet." }]);
    const { client } = await connectResearcher();
    const notifications: string[] = [];
    client.fallbackNotificationHandler = async (notification) => {
      notifications.push(notification.method);
    };
    const result = await client.callTool({ name: "ask_researcher", arguments: { task: "go" } });
    expect(result.content).toEqual([{ type: "text", text: "Quiet." }]);
    expect(notifications).not.toContain("notifications/progress");
  });

  it("notifications/cancelled aborts the run: the fixture's running tool sees the abort, the model is not called again", async () => {
    const model = await s.withModel([
      { toolCalls: [{ name: "mcp_fixtures_progress", arguments: { steps: 1_000, delayMs: 200 } }] },
      // The next call reads the shared fixture server's counters.
      { toolCalls: [{ name: "mcp_fixtures_stats", arguments: {} }] },
      { text: "Stats read." },
      { text: "" },
    ]);
    const { client } = await connectResearcher(["--yes"]);
    const controller = new AbortController();
    const call = client.callTool({ name: "ask_researcher", arguments: { task: "go" } }, undefined, {
      signal: controller.signal,
      onprogress: ({ message }) => {
        // The tool reported progress: it is running at the fixture server; cancel now.
        if (message?.includes("step 1 of 1000")) controller.abort("the caller changed its mind");
      },
    });
    await expect(call).rejects.toThrow(/changed its mind/);

    const stats = await client.callTool({ name: "ask_researcher", arguments: { task: "stats" } });
    expect(stats.content).toEqual([{ type: "text", text: "Stats read." }]);
    // The cancelled run made no model call after its tool call: the next one is the stats call's.
    const bodies = model.requests.map(
      (r) => r.body as { messages: Array<{ role: string; content: unknown }> },
    );
    expect(bodies[1]?.messages.filter((m) => m.role === "user")).toEqual([
      { role: "user", content: "stats" },
    ]);
    const statsResult = bodies[2]?.messages.at(-1);
    expect(statsResult?.role).toBe("tool");
    // The fixture's progress tool saw the abort (its sleep counts each cancellation).
    expect(JSON.parse(String(statsResult?.content))).toMatchObject({ cancelled: 1 });
  });

  it("serve --mcp: the official client's Streamable HTTP transport calls the agent at /mcp with the server's key", async () => {
    await s.withModel([
      { toolCalls: [{ name: "mcp_fixture_echo", arguments: { text: "ping" } }] },
      { text: "Echoed over HTTP." },
    ]);
    s.ws.write({ "mcp.json": json({ mcpServers: { fixture: s.ws.fixture() } }) });
    const { mcpUrl, key } = await startServeMcp(["--yes"]);

    const client = new Client({ name: "sdk-test-client", version: "1.0.0" });
    clients.push(client);
    await client.connect(
      new StreamableHTTPClientTransport(new URL(mcpUrl), {
        requestInit: { headers: { authorization: `Bearer ${key}` } },
      }),
    );
    expect(client.getServerVersion()?.version).toBe(CLI_PACKAGE_VERSION);
    const { tools } = await client.listTools();
    expect(tools.map((tool) => tool.name)).toEqual(["ask_helper"]);
    const result = await client.callTool({ name: "ask_helper", arguments: { task: "echo ping" } });
    expect(result.content).toEqual([{ type: "text", text: "Echoed over HTTP." }]);
    expect(result.structuredContent).toMatchObject({
      toolCalls: [{ name: "mcp_fixture_echo", outcome: "ok" }],
    });

    // Without the key, no session starts.
    const stranger = new Client({ name: "stranger", version: "1.0.0" });
    await expect(
      stranger.connect(new StreamableHTTPClientTransport(new URL(mcpUrl))),
    ).rejects.toThrow(/API key/);
  });

  describe("approvals", () => {
    const addThenAnswer = [
      { toolCalls: [{ name: "mcp_fixtures_add", arguments: { a: 2, b: 3 } }] },
      { text: "Done with add." },
      { text: "" },
    ];
    /** A client that declares elicitation and answers every question with `answer`. */
    const askingClient = (answer: { action: "accept" | "decline"; content?: object }) => {
      const questions: string[] = [];
      const client = new Client(
        { name: "sdk-test-client", version: "1.0.0" },
        { capabilities: { elicitation: {} } },
      );
      client.setRequestHandler(ElicitRequestSchema, async (request) => {
        questions.push(request.params.message);
        return answer;
      });
      return { client, questions };
    };
    const lastToolMessage = (body: unknown) =>
      (body as { messages: Array<{ role: string; content: unknown }> }).messages.at(-1);

    /** Connects `client` to `serve --mcp` at `mcpUrl` with the server's key. */
    const connectHttp = async (
      client: Client,
      { mcpUrl, key }: { mcpUrl: string; key: string },
    ) => {
      clients.push(client);
      await client.connect(
        new StreamableHTTPClientTransport(new URL(mcpUrl), {
          requestInit: { headers: { authorization: `Bearer ${key}` } },
        }),
      );
    };

    const everything = [
      { type: "stdio", command: process.execPath, args: [everythingPath, "stdio"] },
    ];
    /**
     * Connects a client to the agent one way, with `extraArgs` and its servers (`fixtures`
     * unless `everything` is asked for); resolves the agent's tool name.
     */
    type ConnectAgent = (
      client: Client,
      setUp?: { extraArgs?: string[]; server?: "fixtures" | "everything" },
    ) => Promise<string>;
    const serverConfig = (server: "fixtures" | "everything") =>
      server === "fixtures" ? { type: "stdio", ...s.ws.fixture() } : everything[0];
    const overStdio: ConnectAgent = async (
      client,
      { extraArgs = [], server = "fixtures" } = {},
    ) => {
      await connectResearcher(extraArgs, client, [serverConfig(server)]);
      return "ask_researcher";
    };
    const overHttp: ConnectAgent = async (client, { extraArgs = [], server = "fixtures" } = {}) => {
      s.ws.write({ "mcp.json": json({ mcpServers: { [server]: serverConfig(server) } }) });
      await connectHttp(client, await startServeMcp(extraArgs));
      return "ask_helper";
    };

    it.each([
      ["mcp serve over stdio", overStdio],
      ["serve --mcp over Streamable HTTP", overHttp],
    ])(
      "%s: a tool that needs approval becomes an elicitation to a client that supports it; yes runs it",
      async (_, connect) => {
        const model = await s.withModel(addThenAnswer);
        const { client, questions } = askingClient({
          action: "accept",
          content: { approve: true },
        });
        const tool = await connect(client);
        const result = await client.callTool({ name: tool, arguments: { task: "add" } });
        expect(questions).toEqual([
          'The agent wants to call the tool mcp_fixtures_add with the arguments {"a":2,"b":3}. Allow this call?',
        ]);
        expect(result.structuredContent).toMatchObject({
          toolCalls: [{ name: "mcp_fixtures_add", outcome: "ok" }],
        });
        expect(lastToolMessage(model.requests[1]?.body)).toMatchObject({
          role: "tool",
          content: "5",
        });
      },
    );

    it("a declined elicitation refuses the call and the model reads why", async () => {
      const model = await s.withModel(addThenAnswer);
      const { client, questions } = askingClient({ action: "decline" });
      await connectResearcher([], client);
      const result = await client.callTool({ name: "ask_researcher", arguments: { task: "add" } });
      expect(questions).toHaveLength(1);
      expect(result.structuredContent).toMatchObject({
        toolCalls: [{ name: "mcp_fixtures_add", outcome: "denied" }],
      });
      expect(String(lastToolMessage(model.requests[1]?.body)?.content)).toContain(
        "the user of the MCP client declined when asked to allow mcp_fixtures_add",
      );
    });

    const samplingScript = [
      {
        toolCalls: [
          { name: "mcp_everything_trigger-sampling-request", arguments: { prompt: "a poem" } },
        ],
      },
      { text: "Roses are red." }, // the server's sampling request, answered by the agent's model
      { text: "The server has its poem." },
    ];

    it.each([
      ["mcp serve over stdio", overStdio],
      ["serve --mcp over Streamable HTTP", overHttp],
    ])(
      "%s: a sampling request of the agent's server is answered by the agent's own model once the caller allows it",
      async (_, connect) => {
        const model = await s.withModel(samplingScript);
        const { client, questions } = askingClient({
          action: "accept",
          content: { approve: true },
        });
        const tool = await connect(client, {
          extraArgs: ["--end-when", "text"],
          server: "everything",
        });
        const result = await client.callTool({ name: tool, arguments: { task: "get a poem" } });
        expect(result.content).toEqual([{ type: "text", text: "The server has its poem." }]);
        expect(questions.at(-1)).toBe(
          "The agent's MCP server everything asks to use the agent's model (up to 100 tokens): \"Resource trigger-sampling-request context: a poem\". Allow this request?",
        );
        // The agent's scripted model answered the sampling request, and the server passed it on.
        expect(JSON.stringify(model.requests[1]?.body)).toContain("a poem");
        expect(JSON.stringify(lastToolMessage(model.requests[2]?.body))).toContain(
          "Roses are red.",
        );
      },
    );

    it.each([
      ["mcp serve over stdio", overStdio, "mcp serve"],
      ["serve --mcp over Streamable HTTP", overHttp, "serve"],
    ])(
      "%s: a sampling request nobody can allow is refused, and the server reads how to allow it",
      async (_, connect, command) => {
        const model = await s.withModel([samplingScript[0], { text: "No poem." }]);
        const client = new Client({ name: "sdk-test-client", version: "1.0.0" });
        const tool = await connect(client, {
          extraArgs: ["--end-when", "text", "--allow-tool", "mcp_everything_*"],
          server: "everything",
        });
        const result = await client.callTool({ name: tool, arguments: { task: "get a poem" } });
        expect(result.content).toEqual([{ type: "text", text: "No poem." }]);
        expect(model.requests).toHaveLength(2);
        expect(String(lastToolMessage(model.requests[1]?.body)?.content)).toContain(
          `sampling needs approval, and the client that called the agent cannot be asked; the operator can allow it by restarting \`tinyloop ${command}\` with --yes`,
        );
      },
    );

    it("serve --mcp: a form of the agent's own server reaches the /mcp caller, and its answer flows back", async () => {
      const model = await s.withModel([
        { toolCalls: [{ name: "mcp_everything_trigger-elicitation-request", arguments: {} }] },
        { text: "The form is filled." },
      ]);
      s.ws.write({ "mcp.json": json({ mcpServers: { everything: everything[0] } }) });
      const serving = await startServeMcp(["--yes", "--end-when", "text"]);
      const { client, questions } = askingClient({ action: "accept", content: { name: "Ada" } });
      await connectHttp(client, serving);
      const result = await client.callTool({ name: "ask_helper", arguments: { task: "fill it" } });
      expect(questions).toHaveLength(1);
      expect(questions[0]).toMatch(/Please provide inputs/);
      expect(result.content).toEqual([{ type: "text", text: "The form is filled." }]);
      // The everything server got the caller's answer, and the agent's model read it.
      expect(String(lastToolMessage(model.requests[1]?.body)?.content)).toContain("Name: Ada");
    });

    it("without elicitation the agent's policy decides, as in serve: refused, with the flag to allow it", async () => {
      const model = await s.withModel(addThenAnswer);
      const { client } = await connectResearcher();
      const result = await client.callTool({ name: "ask_researcher", arguments: { task: "add" } });
      expect(result.structuredContent).toMatchObject({
        toolCalls: [{ name: "mcp_fixtures_add", outcome: "denied" }],
      });
      expect(String(lastToolMessage(model.requests[1]?.body)?.content)).toMatch(
        /mcp_fixtures_add needs approval, and this agent runs as an MCP server whose client cannot be asked.*--allow-tool mcp_fixtures_add/,
      );
    });
  });

  it("sends the run's notable events as log messages at their levels, honouring logging/setLevel, secrets masked", async () => {
    const failAndEcho = [
      {
        toolCalls: [
          { name: "mcp_fixtures_echo", arguments: { text: "hi" } },
          { name: "mcp_fixtures_fail", arguments: { message: "token sekret-value-1234 rejected" } },
        ],
      },
      { text: "Done." },
    ];
    await s.withModel([...failAndEcho, ...failAndEcho]);
    const fixture = s.ws.fixture();
    // The server's config holds the secret; its error echoes it back.
    const { client } = await connectResearcher(["--yes", "--end-when", "text"], undefined, [
      { type: "stdio", ...fixture, env: { ...fixture.env, FIXTURE_TOKEN: "sekret-value-1234" } },
    ]);
    const logs: Array<{ level: string; logger?: string; data: unknown }> = [];
    client.setNotificationHandler(LoggingMessageNotificationSchema, (notification) => {
      logs.push(notification.params);
    });
    await client.setLoggingLevel("debug");
    await client.callTool({ name: "ask_researcher", arguments: { task: "try both" } });
    expect(logs).toEqual([
      { level: "debug", logger: "ask_researcher", data: "turn 1: the model is thinking" },
      { level: "info", logger: "ask_researcher", data: "turn 1: calling mcp_fixtures_echo" },
      { level: "info", logger: "ask_researcher", data: "turn 1: calling mcp_fixtures_fail" },
      {
        level: "warning",
        logger: "ask_researcher",
        data: "turn 1: mcp_fixtures_fail failed: fixture failure: token *** rejected",
      },
      { level: "debug", logger: "ask_researcher", data: "turn 2: the model is thinking" },
    ]);

    logs.length = 0;
    await client.setLoggingLevel("warning");
    await client.callTool({ name: "ask_researcher", arguments: { task: "again" } });
    expect(logs.map((log) => log.data)).toEqual([
      "turn 1: mcp_fixtures_fail failed: fixture failure: token *** rejected",
    ]);
  });

  it("tells the client in log messages when one of the agent's servers crashes, and when it is back", async () => {
    await s.withModel([
      { toolCalls: [{ name: "mcp_fixtures_add", arguments: { a: 1, b: 2 } }] },
      { text: "The adder crashed." },
    ]);
    const { client } = await connectResearcher(["--yes", "--end-when", "text"], undefined, [
      { type: "stdio", ...s.ws.fixture(["--crash-on", "add"]) },
    ]);
    const logs: Array<{ level: string; data: unknown }> = [];
    const back = new Promise<void>((resolve) => {
      client.setNotificationHandler(LoggingMessageNotificationSchema, (notification) => {
        logs.push({ level: notification.params.level, data: notification.params.data });
        if (String(notification.params.data).includes("is back")) resolve();
      });
    });
    const result = await client.callTool({ name: "ask_researcher", arguments: { task: "add" } });
    expect(result.content).toEqual([{ type: "text", text: "The adder crashed." }]);
    await back;
    expect(logs).toContainEqual({
      level: "warning",
      data: expect.stringMatching(/^MCP server fixtures dropped.*; restarting it$/),
    });
    expect(logs.at(-1)).toEqual({
      level: "notice",
      data: expect.stringMatching(/^MCP server fixtures is back with \d+ tools$/),
    });
  });

  it("--keep-context: a call's model sees the session's earlier tasks and answers", async () => {
    const model = await s.withModel([{ text: "Paris." }, { text: "About two million." }]);
    const { client } = await connectResearcher(["--keep-context"]);
    await client.callTool({ name: "ask_researcher", arguments: { task: "Capital of France?" } });
    const second = await client.callTool({
      name: "ask_researcher",
      arguments: { task: "How many live there?" },
    });
    expect(second.content).toEqual([{ type: "text", text: "About two million." }]);
    const body = model.requests[1]?.body as
      | { messages: Array<{ role: string; content: unknown }> }
      | undefined;
    const messages = body?.messages.filter((m) => m.role !== "system");
    expect(messages).toEqual([
      { role: "user", content: "Capital of France?" },
      { role: "assistant", content: "Paris." },
      { role: "user", content: "How many live there?" },
    ]);
  });

  it("a bad --tool-name is a usage error (exit 2) naming the flag and the right form, before any server starts", async () => {
    s.ws.write({ "mcp.json": json({ mcpServers: { fixture: s.ws.fixture() } }) });
    const r = await runCli(["mcp", "serve", "mcp.json", "--tool-name", "ask researcher"], {
      cwd: s.ws.dir,
    });
    expect(r.exitCode).toBe(2);
    expect(r.stderr).toMatch(
      /^tinyloop: --tool-name: expected 1–64 letters, digits, _ or - .*got .*ask researcher.*\(example: --tool-name ask_researcher\)$/m,
    );
    expect(r.stdout).toBe("");
  });
});
