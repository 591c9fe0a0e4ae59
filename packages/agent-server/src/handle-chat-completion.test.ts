import { afterEach, describe, expect, it } from "vitest";
import { MODEL_NAME, type ServeRig, startServeRig } from "./__fixtures__/serve-rig.js";

// The request lifecycle of POST /v1/chat/completions: many at once, a client that leaves,
// and a server that shuts down while requests run.

let rig: ServeRig | undefined;
afterEach(async () => {
  const left = await rig?.close();
  rig = undefined;
  expect(left ?? []).toEqual([]);
});

const ask = (content: string) => ({
  model: MODEL_NAME,
  messages: [{ role: "user" as const, content }],
});

type Extension = { type: string; [key: string]: unknown };
const extensionOf = (chunk: unknown) => (chunk as { tinyloop?: Extension }).tinyloop;

describe("concurrency", () => {
  it("answers 50 concurrent streaming requests, each with its own model turn's text, unmixed", async () => {
    const count = 50;
    const texts = Array.from(
      { length: count },
      (_, turn) => `turn ${turn} answers with its own words alpha${turn} beta${turn} gamma${turn}`,
    );
    // Small chunks, a pause between them: the 50 streams interleave on the wire.
    const current = await startServeRig(
      texts.map((text) => ({ text, chunkSize: 5, delayMs: 2 })),
      { maxConcurrency: count },
    );
    rig = current;
    const answers = await Promise.all(
      Array.from({ length: count }, async (_, k) => {
        const stream = await current.client.chat.completions.create({
          ...ask(`question ${k}`),
          stream: true,
        });
        let text = "";
        const ids = new Set<string>();
        let finish: string | null | undefined;
        for await (const chunk of stream) {
          ids.add(chunk.id);
          text += chunk.choices[0]?.delta.content ?? "";
          finish = chunk.choices[0]?.finish_reason ?? finish;
        }
        return { k, text, ids, finish };
      }),
    );
    // Which turn answered which question, from what the model server saw.
    const turnOf = new Map<string, number | undefined>();
    for (const request of current.modelServer.requests) {
      const messages = (request.body as { messages: Array<{ role: string; content: string }> })
        .messages;
      turnOf.set(messages.at(-1)?.content ?? "", request.turn);
    }
    expect(current.modelServer.requests).toHaveLength(count);
    for (const { k, text, ids, finish } of answers) {
      const turn = turnOf.get(`question ${k}`);
      expect(turn, `question ${k} reached the model`).toBeTypeOf("number");
      expect(text, `answer to question ${k}`).toBe(texts[turn as number]);
      expect(ids.size, `one completion id for question ${k}`).toBe(1);
      expect(finish).toBe("stop");
    }
    expect(new Set(answers.map((a) => [...a.ids][0])).size).toBe(count);
    expect(current.server.inFlight).toBe(0);
  });
});

describe("a client that disconnects", () => {
  it("aborts its run: the MCP tool call is cancelled at the server and no further model call is made", async () => {
    const current = await startServeRig([
      { toolCalls: [{ id: "slow", name: "mcp_fx_sleep", arguments: { ms: 120_000 } }] },
      { text: "never reached" },
    ]);
    rig = current;
    const before = await current.fixtureStats();
    const stream = await current.client.chat.completions.create({
      ...ask("sleep for two minutes"),
      stream: true,
    });
    for await (const chunk of stream) {
      if (extensionOf(chunk)?.type === "tool_call") break; // leaving the loop aborts the request
    }
    await expect
      .poll(async () => (await current.fixtureStats()).cancelled, { timeout: 15_000 })
      .toBe(before.cancelled + 1);
    await expect.poll(() => current.server.inFlight, { timeout: 15_000 }).toBe(0);
    expect(current.modelServer.requests).toHaveLength(1);
    const stderr = current.hub.connection("fx")?.stderrTail() ?? [];
    expect(stderr.join("\n")).toContain("fixture: request cancelled");
  });

  it("aborts the model stream it is reading", async () => {
    const current = await startServeRig([{ text: "partial answer", hang: true }]);
    rig = current;
    const controller = new AbortController();
    const stream = await current.client.chat.completions.create(
      { ...ask("talk forever"), stream: true },
      { signal: controller.signal },
    );
    let text = "";
    const reading = (async () => {
      for await (const chunk of stream) {
        text += chunk.choices[0]?.delta.content ?? "";
        if (text === "partial answer") controller.abort();
      }
    })();
    await reading.catch(() => {}); // the client ends the stream (or raises its abort error)
    expect(text).toBe("partial answer");
    const request = await current.modelServer.waitForRequestEnd(0);
    expect(request.clientClosed).toBe(true);
    expect(request.completed).toBe(false);
    await expect.poll(() => current.server.inFlight, { timeout: 15_000 }).toBe(0);
  });
});

describe("shutdown", () => {
  it("lets in-flight requests finish within the grace, refusing new ones meanwhile", async () => {
    const current = await startServeRig([
      { toolCalls: [{ id: "s", name: "mcp_fx_sleep", arguments: { ms: 1_500 } }] },
      { text: "Slept well." },
    ]);
    rig = current;
    const stream = await current.client.chat.completions.create({
      ...ask("sleep a little"),
      stream: true,
    });
    let text = "";
    let closing: Promise<void> | undefined;
    let refused: unknown;
    const waiting: number[] = [];
    for await (const chunk of stream) {
      text += chunk.choices[0]?.delta.content ?? "";
      if (extensionOf(chunk)?.type === "tool_call") {
        closing = current.server.close({ graceMs: 60_000, onWaiting: (n) => waiting.push(n) });
        refused = await current.client.models.list().catch((error: unknown) => error);
      }
    }
    expect(text).toBe("Slept well.");
    expect(refused).toBeInstanceOf(Error);
    expect(waiting).toEqual([1]);
    await closing;
    expect(current.server.inFlight).toBe(0);
    expect((await current.fixtureStats()).cancelled).toBe(0);
  });

  it("stops the requests still running when the grace is over, telling their clients why", async () => {
    const current = await startServeRig([
      { toolCalls: [{ id: "h", name: "mcp_fx_hang", arguments: {} }] },
    ]);
    rig = current;
    const before = await current.fixtureStats();
    const stream = await current.client.chat.completions.create({
      ...ask("hang"),
      stream: true,
    });
    let closing: Promise<void> | undefined;
    const reading = (async () => {
      for await (const chunk of stream) {
        if (extensionOf(chunk)?.type === "tool_call")
          closing = current.server.close({ graceMs: 300 });
      }
    })();
    await expect(reading).rejects.toThrow(/shutting down/);
    await closing;
    await expect
      .poll(async () => (await current.fixtureStats()).cancelled, { timeout: 15_000 })
      .toBe(before.cancelled + 1);
  });

  it("cuts a long grace short when close is called again with graceMs 0 (a second Ctrl+C)", async () => {
    const current = await startServeRig([
      { toolCalls: [{ id: "h", name: "mcp_fx_hang", arguments: {} }] },
    ]);
    rig = current;
    const stream = await current.client.chat.completions.create({ ...ask("hang"), stream: true });
    let closing: Promise<void> | undefined;
    const reading = (async () => {
      for await (const chunk of stream) {
        if (extensionOf(chunk)?.type !== "tool_call") continue;
        closing = current.server.close({
          graceMs: 600_000,
          // Asked only once the server waits: then the second call ends the wait.
          onWaiting: () => void current.server.close({ graceMs: 0 }),
        });
      }
    })();
    await expect(reading).rejects.toThrow(/shutting down/);
    await closing;
    expect(current.server.inFlight).toBe(0);
  });
});
