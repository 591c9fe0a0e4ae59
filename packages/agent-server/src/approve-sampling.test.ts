import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import {
  type CreateMessageRequestParams,
  ElicitRequestSchema,
  type ElicitResult,
} from "@modelcontextprotocol/sdk/types.js";
import { afterEach, describe, expect, it } from "vitest";
import { MODEL_NAME, type ServeRig, startServeRig } from "./__fixtures__/serve-rig.js";
import type { AgentServerOptions } from "./server-options.js";

// server.approveSampling decides the sampling requests of the agent's own MCP servers (which
// the CLI answers with the agent's model): over the real HTTP server, its /mcp endpoint with
// the official SDK client, and the real chat completions that share the servers.

let rig: ServeRig | undefined;
let client: Client | undefined;
afterEach(async () => {
  await client?.close();
  client = undefined;
  const left = await rig?.close();
  rig = undefined;
  expect(left ?? []).toEqual([]);
});

const request: CreateMessageRequestParams = {
  messages: [{ role: "user", content: { type: "text", text: "Write  a\npoem" } }],
  maxTokens: 100,
};
const context = () => ({ server: "everything", signal: new AbortController().signal });
const HINT = "restart it with the allow flag";

/** A rig whose model hangs, so that a call or completion stays running while the test decides. */
async function hangingRig(options: Partial<AgentServerOptions>): Promise<ServeRig> {
  rig = await startServeRig([{ repeat: 2, turn: { text: "slow", hang: true } }], {
    samplingHint: HINT,
    ...options,
  });
  return rig;
}

/** The official client on /mcp, declaring elicitation and answering every form with `answer`. */
async function askingClient(current: ServeRig, answer: ElicitResult): Promise<string[]> {
  const transport = new StreamableHTTPClientTransport(new URL(`${current.url}/mcp`), {
    requestInit: { headers: { authorization: `Bearer ${current.server.apiKey}` } },
  });
  client = new Client(
    { name: "sdk-test-client", version: "1.0.0" },
    { capabilities: { elicitation: {} } },
  );
  const asked: string[] = [];
  client.setRequestHandler(ElicitRequestSchema, (question) => {
    asked.push(question.params.message);
    return answer;
  });
  await client.connect(transport);
  return asked;
}

/** Starts a call of the agent's tool on /mcp and waits until its model turn is running. */
async function runningCall(current: ServeRig): Promise<void> {
  void client
    ?.callTool({ name: `ask_${MODEL_NAME}`, arguments: { task: "wait" } })
    .catch(() => undefined); // ended by the rig's close
  await expect.poll(() => current.modelServer.requests.length, { timeout: 15_000 }).toBe(1);
}

const QUESTION =
  "The agent's MCP server everything asks to use the agent's model (up to 100 tokens): \"Write a poem\". Allow this request?";

describe("server.approveSampling", () => {
  it("allows every request when the approval mode is never, asking nobody", async () => {
    const current = await hangingRig({ mcp: true, approval: { mode: "never" } });
    const asked = await askingClient(current, { action: "decline" });
    await runningCall(current);
    expect(await current.server.approveSampling(request, context())).toBe(true);
    expect(asked).toEqual([]);
  });

  it("asks the /mcp client whose call runs, and allows only its yes", async () => {
    const current = await hangingRig({ mcp: true, approval: { mode: "ask" } });
    const asked = await askingClient(current, { action: "accept", content: { approve: true } });
    await runningCall(current);
    expect(await current.server.approveSampling(request, context())).toBe(true);
    expect(asked).toEqual([QUESTION]);
  });

  it("a /mcp client's no refuses it, and the server reads that the user declined", async () => {
    const current = await hangingRig({ mcp: true, approval: { mode: "ask" } });
    await askingClient(current, { action: "accept", content: { approve: false } });
    await runningCall(current);
    expect(await current.server.approveSampling(request, context())).toEqual({
      approved: false,
      reason: "the user of the MCP client declined the sampling request",
    });
  });

  it("with nobody to ask (no /mcp) it is refused, the server reading the operator's hint", async () => {
    const current = await hangingRig({ approval: { mode: "ask" } });
    const completion = current.call("/v1/chat/completions", {
      method: "POST",
      body: JSON.stringify({
        model: MODEL_NAME,
        messages: [{ role: "user", content: "wait" }],
        stream: true,
      }),
    });
    await expect.poll(() => current.modelServer.requests.length, { timeout: 15_000 }).toBe(1);
    expect(await current.server.approveSampling(request, context())).toEqual({
      approved: false,
      reason: `sampling needs approval, and the client that called the agent cannot be asked; ${HINT}`,
    });
    await (await completion).body?.cancel();
  });

  it("while a chat completion runs beside the /mcp call, neither the /mcp client nor the page is asked: refused", async () => {
    const current = await hangingRig({ mcp: true, approval: { mode: "ask", inPage: true } });
    const asked = await askingClient(current, { action: "accept", content: { approve: true } });
    await runningCall(current);
    const completion = current.call("/v1/chat/completions", {
      method: "POST",
      body: JSON.stringify({
        model: MODEL_NAME,
        messages: [{ role: "user", content: "wait too" }],
        stream: true,
      }),
    });
    await expect.poll(() => current.modelServer.requests.length, { timeout: 15_000 }).toBe(2);
    expect(await current.server.approveSampling(request, context())).toMatchObject({
      approved: false,
      reason: expect.stringContaining(HINT),
    });
    expect(asked).toEqual([]);
    await (await completion).body?.cancel();
  });
});

/**
 * Starts a streaming chat completion; its response resolves once something is sent (wait for
 * its model turn on the model server first).
 */
function streamingRun(current: ServeRig): Promise<Response> {
  return current.call("/v1/chat/completions", {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({
      model: MODEL_NAME,
      stream: true,
      messages: [{ role: "user", content: "wait" }],
    }),
  });
}

/** Reads `response`'s stream up to its first `sampling_request` extension. */
async function samplingQuestion(response: Response): Promise<Record<string, unknown>> {
  const reader = (response.body as ReadableStream<Uint8Array>).getReader();
  const decoder = new TextDecoder();
  let text = "";
  for (;;) {
    const { value, done } = await reader.read();
    if (done) throw new Error(`the stream ended without a sampling question:\n${text}`);
    text += decoder.decode(value, { stream: true });
    const found = /"tinyloop":(\{"type":"sampling_request".*?\})\}\n/.exec(text)?.[1];
    if (found) {
      reader.releaseLock();
      return JSON.parse(found) as Record<string, unknown>;
    }
  }
}

const answer = (current: ServeRig, id: unknown, body: unknown) =>
  current.call(`/tinyloop/v1/approvals/${String(id)}`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });

describe("server.approveSampling with approval.inPage", () => {
  it("asks the page of the one streaming run (sampling_request), and its approve allows it", async () => {
    const current = await hangingRig({ approval: { mode: "ask", inPage: true } });
    const response = streamingRun(current);
    await expect.poll(() => current.modelServer.requests.length, { timeout: 15_000 }).toBe(1);
    const decided = current.server.approveSampling(request, context());
    const question = await samplingQuestion(await response);
    expect(question).toEqual({
      type: "sampling_request",
      id: expect.any(String),
      server: "everything",
      message: QUESTION,
    });
    // Only approve or deny answer a sampling question; it keeps waiting after a wrong word.
    const always = await answer(current, question.id, { decision: "always" });
    expect(always.status).toBe(400);
    expect(((await always.json()) as { error: { message: string } }).error.message).toBe(
      `decision: expected "approve" or "deny" (${String(question.id)} is a sampling request, not a tool call), got "always" (example: { "decision": "approve" })`,
    );
    const yes = await answer(current, question.id, { decision: "approve" });
    expect(yes.status).toBe(200);
    expect(await decided).toBe(true);
    // Answered: the id waits no more.
    expect((await answer(current, question.id, { decision: "approve" })).status).toBe(404);
  });

  it("the page's deny refuses it, the server reading that the user in the chat page declined", async () => {
    const current = await hangingRig({ approval: { mode: "ask", inPage: true } });
    const response = streamingRun(current);
    await expect.poll(() => current.modelServer.requests.length, { timeout: 15_000 }).toBe(1);
    const decided = current.server.approveSampling(request, context());
    const question = await samplingQuestion(await response);
    expect((await answer(current, question.id, { decision: "deny" })).status).toBe(200);
    expect(await decided).toEqual({
      approved: false,
      reason: "the user in the chat page declined the sampling request",
    });
  });

  it("a run that ends before the answer refuses it", async () => {
    const current = await hangingRig({ approval: { mode: "ask", inPage: true } });
    const response = streamingRun(current);
    await expect.poll(() => current.modelServer.requests.length, { timeout: 15_000 }).toBe(1);
    const decided = current.server.approveSampling(request, context());
    const stream = await response;
    const question = await samplingQuestion(stream);
    await stream.body?.cancel();
    expect(await decided).toMatchObject({ approved: false });
    expect((await answer(current, question.id, { decision: "approve" })).status).toBe(404);
  });

  it("with two runs at once nobody is asked (whose run caused it cannot be told): refused", async () => {
    const current = await hangingRig({ approval: { mode: "ask", inPage: true } });
    const first = streamingRun(current);
    await expect.poll(() => current.modelServer.requests.length, { timeout: 15_000 }).toBe(1);
    const second = streamingRun(current);
    await expect.poll(() => current.modelServer.requests.length, { timeout: 15_000 }).toBe(2);
    expect(await current.server.approveSampling(request, context())).toEqual({
      approved: false,
      reason: `sampling needs approval, and the client that called the agent cannot be asked; ${HINT}`,
    });
    for (const response of [first, second]) await (await response).body?.cancel();
  });

  it("a run that does not stream cannot be asked: refused", async () => {
    const current = await hangingRig({ approval: { mode: "ask", inPage: true } });
    const response = current.call("/v1/chat/completions", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ model: MODEL_NAME, messages: [{ role: "user", content: "wait" }] }),
    });
    await expect.poll(() => current.modelServer.requests.length, { timeout: 15_000 }).toBe(1);
    expect(await current.server.approveSampling(request, context())).toMatchObject({
      approved: false,
      reason: expect.stringContaining(HINT),
    });
    void response.catch(() => undefined); // ended by the rig's close
  });
});
