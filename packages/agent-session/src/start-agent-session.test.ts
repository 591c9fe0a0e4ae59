import { type AgentFile, type AgentFileServer, chooseProvider } from "@tinyloop/agent-files";
import { processesWithMarker, waitForMarkedPids } from "@tinyloop/test-fixtures";
import { fixtureServer } from "@tinyloop/test-fixtures/mcp-server";
import {
  type ScriptedModelServer,
  startScriptedModelServer,
} from "@tinyloop/test-fixtures/model-server";
import { useProcessGuard } from "@tinyloop/test-fixtures/process-guard";
import { afterEach, describe, expect, it } from "vitest";
import { agentFile, stdioServer } from "./__fixtures__/fixture-session.js";
import { AgentSessionError } from "./agent-session-error.js";
import { type StartingAgentSession, startAgentSession } from "./start-agent-session.js";

// Checks the marked processes (servers and their children), not every child of the runner.
const guard = useProcessGuard({ childrenWaitMs: false });
let modelServer: ScriptedModelServer | undefined;
let starting: StartingAgentSession | undefined;
// Registered after the guard, so the sessions are closed before its check runs.
afterEach(async () => {
  await starting?.close();
  await modelServer?.close();
  starting = undefined;
  modelServer = undefined;
});

/** A fixture server entry whose process (and children) carry this test's marker. */
function marked(name: string): AgentFileServer {
  const { command, args } = fixtureServer({ name });
  return stdioServer(name, { config: { command, args, env: guard.env() } });
}

/** A fixture server that exits at start, retried fast (its tools never come). */
function failing(name: string): AgentFileServer {
  const { command, args } = fixtureServer({ name, exitOnStart: 1 });
  return stdioServer(name, {
    config: { command, args, env: guard.env(), reconnect: { baseDelayMs: 10, maxDelayMs: 20 } },
  });
}

/** Starts the session of an agent with these servers against a scripted model. */
async function start(
  servers: AgentFileServer[],
  script: ScriptedModelScript,
  settings: Partial<AgentFile> = {},
) {
  modelServer = await startScriptedModelServer({ script });
  const choice = { provider: "openai", model: "m1", endpointUrl: modelServer.baseURL };
  starting = startAgentSession(
    {
      agent: { ...agentFile(servers), ...settings },
      plan: chooseProvider(choice, {}),
      choice,
      env: {},
    },
    { watchdog: false },
  );
  return starting;
}

type ScriptedModelScript = Parameters<typeof startScriptedModelServer>[0]["script"];

describe("startAgentSession", () => {
  it("starts the servers at once; open adopts them, makes the model, and session.run runs to the end", async () => {
    const starting = await start(
      [marked("fx")],
      [{ toolCalls: [{ name: "mcp_fx_echo", arguments: { text: "adopted" } }] }, { text: "done" }],
    );
    // Booting before open is called: the pre-start is inside the entry.
    const early = await waitForMarkedPids(guard.marker(), 1);
    const told: string[] = [];
    const session = await starting.open({ onModel: (model) => told.push(model.modelId) });
    expect(told).toEqual(["m1"]);
    expect(session.status()).toMatchObject({ enabled: 1, connected: 1 });
    const types: string[] = [];
    const { done, unstreamedText } = await session.run("echo", {
      onEvent: (event) => types.push(event.type),
    });
    expect(done.reason).toBe("completed");
    expect(unstreamedText).toBeUndefined();
    expect(types).toContain("tool-result");
    expect(types.at(-1)).toBe("done");
    // No second process: the session adopted the one started early.
    expect(processesWithMarker(guard.marker()).map((p) => p.pid)).toEqual(early);
  });

  it("close before open stops the servers started early; nothing is left running", async () => {
    const starting = await start([marked("fx")], [{ text: "unused" }]);
    await waitForMarkedPids(guard.marker(), 1);
    await starting.close();
    expect(processesWithMarker(guard.marker())).toEqual([]);
  });

  it("a run's abort signal stops it: done says aborted", async () => {
    const starting = await start([], [{ text: "never read" }]);
    const session = await starting.open();
    const { done } = await session.run("hi", { signal: AbortSignal.abort() });
    expect(done.reason).toBe("aborted");
  });

  it("the agent's reasoning and tool-call format make the model: one hand-over, no option needed", async () => {
    const starting = await start([], [{ text: "<tool_call>" }, { text: "fine" }], {
      reasoning: { effort: "high" },
      toolCallFormat: "hermes",
    });
    const session = await starting.open();
    await session.run("hi");
    const body = modelServer?.requests[0]?.body as { reasoning_effort?: string; tools?: unknown };
    expect(body.reasoning_effort).toBe("high");
    // hermes: the tools travel in the prompt, not as native tools.
    expect(body.tools).toBeUndefined();
  });

  it("refuseNoServers: servers configured and none connected reject open, naming the failure and how to go on; nothing is left running", async () => {
    const starting = await start([failing("bad")], [{ text: "unused" }]);
    const opened = starting.open({ refuseNoServers: { howToAllow: "run with --go-on" } });
    await expect(opened).rejects.toSatisfy(
      (error) => AgentSessionError.isInstance(error) && error.code === "NO_SERVER_CONNECTED",
    );
    await expect(opened).rejects.toThrow(
      /^no server connected \(bad — .*\); fix the server, or run with --go-on to go on without tools$/,
    );
    await starting.close();
    expect(processesWithMarker(guard.marker())).toEqual([]);
  });

  it("without refuseNoServers the same agent opens, its failure in status()", async () => {
    const starting = await start([failing("bad")], [{ text: "unused" }]);
    const session = await starting.open();
    expect(session.status()).toMatchObject({ enabled: 1, connected: 0 });
  });

  it("refuseNoServers refuses nothing when the signal cancelled the connects (the program is exiting)", async () => {
    const starting = await start([failing("bad")], [{ text: "unused" }]);
    const session = await starting.open({ refuseNoServers: true, signal: AbortSignal.abort() });
    expect(session.status().connected).toBe(0);
  });

  it("clientInfo given to open is the name and version every server is told in initialize", async () => {
    /** What the fixture server `fx` says its client sent. */
    const clientOf = async (session: Awaited<ReturnType<StartingAgentSession["open"]>>) => {
      const stats = await session.registry.dispatch("mcp_fx_stats", {});
      const [first] = stats.content;
      return JSON.parse(first?.type === "text" ? first.text : "{}").client;
    };
    const named = await start([marked("fx")], [{ text: "unused" }]);
    const session = await named.open({ clientInfo: { name: "my-app", version: "1.2.3" } });
    expect(await clientOf(session)).toEqual({ name: "my-app", version: "1.2.3" });
    await named.close();
    // Without it, mcp-transport's default: what a caller that names nothing sends.
    const plain = await start([marked("fx")], [{ text: "unused" }]);
    expect(await clientOf(await plain.open())).toEqual({ name: "tinyloop", version: "0.0.0" });
  });
});
