import { type AgentFileServer, chooseProvider } from "@tinyloop/agent-files";
import { processesWithMarker, waitForMarkedPids } from "@tinyloop/test-fixtures";
import { fixtureServer } from "@tinyloop/test-fixtures/mcp-server";
import {
  type ScriptedModelServer,
  startScriptedModelServer,
} from "@tinyloop/test-fixtures/model-server";
import { useProcessGuard } from "@tinyloop/test-fixtures/process-guard";
import { afterEach, describe, expect, it } from "vitest";
import { agentFile, stdioServer } from "./__fixtures__/fixture-session.js";
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

/** Starts the session of an agent with these servers against a scripted model. */
async function start(servers: AgentFileServer[], script: ScriptedModelScript) {
  modelServer = await startScriptedModelServer({ script });
  const choice = { provider: "openai", model: "m1", endpointUrl: modelServer.baseURL };
  starting = startAgentSession(
    { agent: agentFile(servers), plan: chooseProvider(choice, {}), choice, env: {} },
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
});
