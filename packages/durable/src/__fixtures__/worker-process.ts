// A durable worker as its own process, for crash tests: the fixture MCP server (with the
// counting tools) and the scripted model server, like `tinyloop worker` would wire them.
// argv[2]: JSON WorkerProcessConfig. Prints "ready <executorId>" once taking runs.
import { type ChatModel, createOpenAICompatible } from "@tinyloop/inference-adapters";
import { connectAll } from "@tinyloop/mcp-registration";
import { ToolRegistry } from "@tinyloop/registry";
import { MARKER_VARIABLE } from "@tinyloop/test-fixtures";
import { fixtureServer } from "@tinyloop/test-fixtures/mcp-server";
import { startDurableWorker } from "../durable-worker.js";

/** What the test tells the worker process. */
export interface WorkerProcessConfig {
  databaseUrl: string;
  agent: string;
  modelBaseURL: string;
  tallyFile: string;
  /** Before this process's N-th model call (1-based), print "paused" and wait forever. */
  pauseBeforeModelCall?: number;
  /** The shared model rate limit (`startDurableWorker`'s `modelRate`). */
  modelRate?: { limit: number; periodSec: number };
  /** Runs at once in this worker. Default 2. */
  concurrency?: number;
}

const config = JSON.parse(process.argv[2] ?? "{}") as WorkerProcessConfig;
const registry = new ToolRegistry();
const marker = process.env[MARKER_VARIABLE];
const { command, args } = fixtureServer({ name: "fx", tallyFile: config.tallyFile });
const hub = await connectAll(
  { fx: { command, args, env: marker ? { [MARKER_VARIABLE]: marker } : {} } },
  registry,
);

const adapter = createOpenAICompatible({
  baseURL: config.modelBaseURL,
  model: "scripted",
  apiKey: "test-key",
  maxRetries: 0,
});
let modelCalls = 0;
const model: ChatModel = {
  provider: adapter.provider,
  modelId: adapter.modelId,
  capabilities: adapter.capabilities,
  stream(request) {
    modelCalls++;
    if (modelCalls !== config.pauseBeforeModelCall) return adapter.stream(request);
    process.stdout.write("paused\n");
    return { [Symbol.asyncIterator]: () => ({ next: () => new Promise<never>(() => {}) }) };
  },
};

const worker = await startDurableWorker({
  databaseUrl: config.databaseUrl,
  agent: config.agent,
  agentOptions: { model, registry, exitTools: false, toolSearch: "never" },
  concurrency: config.concurrency ?? 2,
  recoveryIntervalMs: 200,
  logLevel: "error",
  ...(config.modelRate ? { modelRate: config.modelRate } : {}),
});
process.stdout.write(`ready ${worker.executorId}\n`);

process.once("SIGTERM", async () => {
  await worker.stop();
  await hub.close();
  process.stdout.write("stopped\n");
  process.exit(0);
});
