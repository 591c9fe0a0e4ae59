// The load generator of serve-bench.ts, in a worker thread so the clients' own work does
// not share an event loop with the server under test. Receives { target, clients, total },
// answers { latencies, wallMs } (or { error }).
import { parentPort } from "node:worker_threads";

async function oneRequest(target) {
  const started = performance.now();
  const response = await fetch(target.url, {
    method: "POST",
    headers: { "content-type": "application/json", ...target.headers },
    body: JSON.stringify({
      model: target.model,
      stream: true,
      messages: [{ role: "user", content: "What is the answer?" }],
    }),
  });
  const text = await response.text();
  if (response.status !== 200 || !text.includes("[DONE]") || !text.includes("forty-two")) {
    throw new Error(`bad answer from ${target.url}: ${response.status} ${text.slice(0, 300)}`);
  }
  return performance.now() - started;
}

parentPort?.on("message", async ({ target, clients, total }) => {
  try {
    const latencies = [];
    let next = 0;
    const started = performance.now();
    await Promise.all(
      Array.from({ length: clients }, async () => {
        while (next < total) {
          next++;
          latencies.push(await oneRequest(target));
        }
      }),
    );
    parentPort?.postMessage({ latencies, wallMs: performance.now() - started });
  } catch (error) {
    parentPort?.postMessage({ error: String(error?.message ?? error) });
  }
});
