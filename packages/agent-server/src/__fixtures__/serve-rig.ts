import {
  createOpenAICompatible,
  type TextToolCallFormat,
  withTextToolCalls,
} from "@tinyloop/inference-adapters";
import { connectAll, type McpHub } from "@tinyloop/mcp-registration";
import { ToolRegistry } from "@tinyloop/registry";
import {
  descendantsOf,
  MARKER_VARIABLE,
  newProcessMarker,
  processesWithMarker,
  waitForNoProcesses,
} from "@tinyloop/test-fixtures";
import { fixtureServer } from "@tinyloop/test-fixtures/mcp-server";
import {
  type ScriptedModelServer,
  type StreamTurn,
  startScriptedModelServer,
} from "@tinyloop/test-fixtures/model-server";
import OpenAI from "openai";
import type { AgentServer } from "../agent-server.js";
import { createAgentServer } from "../create-agent-server.js";
import type { AgentServerOptions } from "../server-options.js";

/** A served agent: scripted model, one real fixture MCP server ("fx"), the HTTP server, a client. */
export interface ServeRig {
  modelServer: ScriptedModelServer;
  registry: ToolRegistry;
  hub: McpHub;
  server: AgentServer;
  /** `http://127.0.0.1:PORT` */
  url: string;
  /** The official OpenAI client, pointed at the server with its key. */
  client: OpenAI;
  /** `fetch` of a path on the server, with the key unless `auth: false`. */
  call(path: string, init?: RequestInit & { auth?: boolean }): Promise<Response>;
  /**
   * Sends a chat completion with one user message (streaming unless `stream: false`); the
   * response resolves once the server sends something.
   */
  complete(content: string, options?: { stream?: boolean }): Promise<Response>;
  /** What the fixture server counted (`stats` tool): calls and cancelled calls. */
  fixtureStats(): Promise<{ calls: number; cancelled: number }>;
  /**
   * Closes everything; resolves to every process left behind (should be none). `keep`
   * names child processes of the test that are not the server's (a test's browser).
   */
  close(options?: { keep?: (command: string) => boolean }): Promise<string[]>;
}

/** The model id the rig's server answers as. */
export const MODEL_NAME = "test-agent";

/**
 * Starts a {@link ServeRig}; `script` drives the model, `options` override the server's;
 * `toolFormat` has the model write tool calls (and `<think>` reasoning) as text in that format;
 * `lazyManifestDir` makes "fx" a lazy server.
 */
export async function startServeRig(
  script:
    | Array<StreamTurn | { repeat: number; turn: StreamTurn }>
    | { turns: StreamTurn[]; cycle: boolean },
  options: Partial<AgentServerOptions> = {},
  {
    toolFormat,
    lazyManifestDir,
  }: {
    toolFormat?: TextToolCallFormat;
    /** Starts "fx" lazily with its manifest cached here: `idle` while the cache has it. */
    lazyManifestDir?: string;
  } = {},
): Promise<ServeRig> {
  const modelServer = await startScriptedModelServer({ script: script as never });
  const registry = new ToolRegistry();
  const marker = newProcessMarker();
  const { command, args } = fixtureServer({ name: "fx" });
  const servers = { fx: { command, args, env: { [MARKER_VARIABLE]: marker } } };
  const lazy =
    lazyManifestDir === undefined ? {} : { lazy: true, manifestCache: { dir: lazyManifestDir } };
  // A lazy server is idle only once its manifest is cached: the first hub's start writes it.
  if (lazyManifestDir !== undefined)
    await (await connectAll(servers, new ToolRegistry(), lazy)).close();
  const hub = await connectAll(servers, registry, lazy);
  const plainModel = createOpenAICompatible({
    baseURL: modelServer.baseURL,
    model: "scripted",
    apiKey: "model-key",
    maxRetries: 0,
  });
  const model = toolFormat ? withTextToolCalls(plainModel, { format: toolFormat }) : plainModel;
  const server = createAgentServer({
    model,
    registry,
    hub,
    modelName: MODEL_NAME,
    port: 0,
    approval: { mode: "never" },
    ...options,
  });
  const url = await server.listen();
  const client = new OpenAI({ baseURL: `${url}/v1`, apiKey: server.apiKey, maxRetries: 0 });
  const call: ServeRig["call"] = (path, { auth = true, headers, ...init } = {}) =>
    fetch(`${url}${path}`, {
      ...init,
      headers: {
        ...(auth ? { authorization: `Bearer ${server.apiKey}` } : {}),
        ...(headers as Record<string, string> | undefined),
      },
    });
  return {
    modelServer,
    registry,
    hub,
    server,
    url,
    client,
    call,
    complete: (content, { stream = true } = {}) =>
      call("/v1/chat/completions", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ model: MODEL_NAME, stream, messages: [{ role: "user", content }] }),
      }),
    fixtureStats: async () => {
      const result = await registry.dispatch("mcp_fx_stats", {});
      const text = result.content[0]?.type === "text" ? result.content[0].text : "{}";
      return JSON.parse(text) as { calls: number; cancelled: number };
    },
    close: async ({ keep = () => false } = {}) => {
      await server.close({ graceMs: 1_000 });
      await hub.close();
      await modelServer.close();
      const left = await waitForNoProcesses(() => [
        ...processesWithMarker(marker),
        ...descendantsOf(process.pid).filter(
          (p) => !p.command.includes("vitest") && !keep(p.command),
        ),
      ]);
      return left.map((proc) => `${proc.pid} ${proc.command}`);
    },
  };
}

/** Reads an SSE response body into its `data:` payloads (parsed JSON, or the raw text). */
export async function readSse(response: Response): Promise<unknown[]> {
  const text = await response.text();
  return text
    .split("\n\n")
    .map((event) => event.split("\n").filter((line) => line.startsWith("data: ")))
    .filter((lines) => lines.length > 0)
    .map((lines) => {
      const data = lines.map((line) => line.slice(6)).join("\n");
      try {
        return JSON.parse(data);
      } catch {
        return data;
      }
    });
}
