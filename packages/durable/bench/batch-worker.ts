// A worker process of the batch benchmark: takes runs of one tool turn whose tool waits
// `toolMs`, up to `concurrency` at once. argv[2]: JSON { databaseUrl, agent, concurrency, toolMs }.
// Prints "ready" once taking runs; SIGTERM stops it.
import { startDurableWorker } from "../src/index.js";
import { benchAgentOptions } from "./bench-agent.js";

const { databaseUrl, agent, concurrency, toolMs } = JSON.parse(process.argv[2] ?? "{}");
const worker = await startDurableWorker({
  databaseUrl,
  agent,
  agentOptions: benchAgentOptions(1, toolMs),
  concurrency,
  logLevel: "error",
});
process.stdout.write("ready\n");
process.once("SIGTERM", async () => {
  await worker.stop();
  process.exit(0);
});
