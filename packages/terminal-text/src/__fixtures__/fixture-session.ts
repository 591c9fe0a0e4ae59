import type { AgentFile, AgentFileServer } from "@tinyloop/agent-files";
import {
  type AgentSession,
  type AgentSessionOptions,
  openAgentSession,
} from "@tinyloop/agent-session";
import { createOpenAICompatible } from "@tinyloop/inference-adapters";
import { fixtureServer } from "@tinyloop/test-fixtures/mcp-server";
import {
  type ScriptedModelServer,
  startScriptedModelServer,
} from "@tinyloop/test-fixtures/model-server";
import { afterEach } from "vitest";

/** An agent file's entry for a fixture MCP server (a real process over stdio) named `name`. */
export function stdioServer(name: string, extra: Partial<AgentFileServer> = {}): AgentFileServer {
  const { command, args } = fixtureServer({ name });
  return {
    name,
    path: ["mcpServers", name],
    config: { command, args, env: {} },
    enabled: true,
    autoApprove: [],
    ...extra,
  };
}

/** A disabled entry, as `readAgentFile` gives `"disabled": true`: off in the config too. */
export function disabledServer(name: string): AgentFileServer {
  const server = stdioServer(name, {
    enabled: false,
    disabledReason: "disabled: true in the file",
  });
  return { ...server, config: { ...server.config, enabled: false } };
}

/** An `mcpServers` agent file with these servers and a system prompt. */
export function agentFile(servers: AgentFileServer[]): AgentFile {
  return {
    format: "mcp-servers",
    name: "test",
    inputs: [],
    servers,
    warnings: [],
    systemPrompt: "You add numbers.",
  };
}

type Script = Parameters<typeof startScriptedModelServer>[0]["script"];

/**
 * Opens sessions against the scripted model server and real fixture servers, and closes
 * them (servers, model, model server) after each test of the file that calls it.
 */
export function useFixtureSessions(): {
  open(
    servers: AgentFileServer[],
    script: Script,
    options?: Omit<AgentSessionOptions, "agent" | "model"> & {
      /** Fields of the agent file beside its servers (approval, maxTurns, …). */
      agent?: Partial<AgentFile>;
    },
  ): Promise<AgentSession>;
  modelServer(): ScriptedModelServer | undefined;
} {
  let modelServer: ScriptedModelServer | undefined;
  let session: AgentSession | undefined;
  afterEach(async () => {
    await session?.close();
    await modelServer?.close();
    session = undefined;
    modelServer = undefined;
  });
  return {
    async open(servers, script, { agent, ...options } = {}) {
      modelServer = await startScriptedModelServer({ script });
      const model = createOpenAICompatible({
        baseURL: modelServer.baseURL,
        model: "scripted",
        apiKey: "k",
      });
      session = await openAgentSession({
        ...options,
        agent: { ...agentFile(servers), ...agent },
        model,
      });
      return session;
    },
    modelServer: () => modelServer,
  };
}
