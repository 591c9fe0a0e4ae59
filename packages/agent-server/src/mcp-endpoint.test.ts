import { Client, type ClientOptions } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { ElicitRequestSchema, type ElicitResult } from "@modelcontextprotocol/sdk/types.js";
import { afterEach, describe, expect, it } from "vitest";
import * as sampling from "./__fixtures__/sampling-request.js";
import { MODEL_NAME, type ServeRig, startServeRig } from "./__fixtures__/serve-rig.js";

let rig: ServeRig | undefined;
let client: Client | undefined;
afterEach(async () => {
  await client?.close();
  client = undefined;
  const left = await rig?.close();
  rig = undefined;
  expect(left ?? []).toEqual([]);
});

/** The official SDK client on the rig's `/mcp`, with `key` as its bearer. */
async function connect(key: string, options?: ClientOptions): Promise<Client> {
  if (!rig) throw new Error("start the rig first");
  const transport = new StreamableHTTPClientTransport(new URL(`${rig.url}/mcp`), {
    requestInit: { headers: { authorization: `Bearer ${key}` } },
  });
  client = new Client({ name: "sdk-test-client", version: "1.0.0" }, options);
  await client.connect(transport);
  return client;
}

describe("/mcp (mcp: true)", () => {
  it("lets the official client's Streamable HTTP transport list and call the agent's tool", async () => {
    rig = await startServeRig(
      [
        { toolCalls: [{ id: "c1", name: "mcp_fx_echo", arguments: { text: "ping" } }] },
        { text: "The fixture said ping." },
      ],
      { mcp: true },
    );
    const mcp = await connect(rig.server.apiKey);
    const { tools } = await mcp.listTools();
    expect(tools.map((tool) => tool.name)).toEqual([`ask_${MODEL_NAME}`]);
    const progress: string[] = [];
    const result = await mcp.callTool(
      { name: `ask_${MODEL_NAME}`, arguments: { task: "Say ping through echo" } },
      undefined,
      { onprogress: ({ message }) => progress.push(String(message)) },
    );
    expect(result.content).toEqual([{ type: "text", text: "The fixture said ping." }]);
    expect(result.structuredContent).toMatchObject({
      toolCalls: [{ name: "mcp_fx_echo", outcome: "ok" }],
      turns: 2,
    });
    expect(progress).toEqual([
      "turn 1: the model is thinking",
      "turn 1: calling mcp_fx_echo",
      "turn 2: the model is thinking",
    ]);
    // The OpenAI endpoint is still there beside it.
    expect((await rig.call("/v1/models")).status).toBe(200);
  });

  it("needs the server's key, and names a session it does not know", async () => {
    rig = await startServeRig([], { mcp: true });
    await expect(connect("wrong-key-123")).rejects.toThrow(/Incorrect API key/);
    const unknown = await rig.call("/mcp", {
      method: "POST",
      headers: {
        "content-type": "application/json",
        accept: "application/json, text/event-stream",
        "mcp-session-id": "gone",
      },
      body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/list" }),
    });
    expect(unknown.status).toBe(404);
    expect(((await unknown.json()) as { error: { message: string } }).error.message).toMatch(
      /^No MCP session "gone" here .*start a new one with an initialize request/,
    );
    const noInit = await rig.call("/mcp", {
      method: "POST",
      headers: {
        "content-type": "application/json",
        accept: "application/json, text/event-stream",
      },
      body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/list" }),
    });
    expect(noInit.status).toBe(400);
    expect(((await noInit.json()) as { error: { message: string } }).error.message).toMatch(
      /^Expected an initialize request .*got POST without a session/,
    );
  });

  it("askCaller puts a form to the /mcp client whose call runs, and to nobody while a chat completion runs too", async () => {
    rig = await startServeRig([{ repeat: 2, turn: { text: "slow", hang: true } }], { mcp: true });
    const current = rig;
    const form = {
      message: "Who are you?",
      requestedSchema: {
        type: "object" as const,
        properties: { name: { type: "string" as const } },
        required: ["name"],
      },
    };
    const signal = new AbortController().signal;
    const mcp = await connect(current.server.apiKey, { capabilities: { elicitation: {} } });
    const asked: string[] = [];
    mcp.setRequestHandler(ElicitRequestSchema, (request) => {
      asked.push(request.params.message);
      return { action: "accept", content: { name: "Ada" } };
    });
    // No call is running: nobody is asked.
    expect(await current.server.askCaller(form, signal)).toBeUndefined();

    const call = mcp
      .callTool({ name: `ask_${MODEL_NAME}`, arguments: { task: "wait" } })
      .catch(() => undefined); // ended by the rig's close
    await expect.poll(() => current.modelServer.requests.length, { timeout: 15_000 }).toBe(1);
    expect(await current.server.askCaller(form, signal)).toEqual({
      action: "accept",
      content: { name: "Ada" },
    });
    expect(asked).toEqual(["Who are you?"]);

    // A chat completion runs too: the form might be its run's, so the /mcp client is not asked.
    const completion = current.complete("wait too");
    await expect.poll(() => current.modelServer.requests.length, { timeout: 15_000 }).toBe(2);
    expect(current.server.inFlight).toBe(1);
    expect(await current.server.askCaller(form, signal)).toBeUndefined();
    expect(asked).toHaveLength(1);
    await (await completion).body?.cancel();
    void call;
  });

  it("is not served without the option", async () => {
    rig = await startServeRig([]);
    expect((await rig.call("/mcp", { method: "POST" })).status).toBe(404);
  });
});

/** The official client on /mcp, declaring elicitation and answering every form with `answer`. */
async function askingClient(current: ServeRig, answer: ElicitResult): Promise<string[]> {
  const mcp = await connect(current.server.apiKey, { capabilities: { elicitation: {} } });
  const asked: string[] = [];
  mcp.setRequestHandler(ElicitRequestSchema, (question) => {
    asked.push(question.params.message);
    return answer;
  });
  return asked;
}

/** Starts a call of the agent's tool on /mcp and waits until its model turn is running. */
async function runningCall(current: ServeRig): Promise<void> {
  void client
    ?.callTool({ name: `ask_${MODEL_NAME}`, arguments: { task: "wait" } })
    .catch(() => undefined); // ended by the rig's close
  await expect.poll(() => current.modelServer.requests.length, { timeout: 15_000 }).toBe(1);
}

// server.approveSampling decides the sampling requests of the agent's own MCP servers (which
// the CLI answers with the agent's model) while real /mcp calls and chat completions run.
describe("server.approveSampling with /mcp", () => {
  it("allows every request when the approval mode is never, asking nobody", async () => {
    const current = await sampling.startSamplingRig({
      mcp: true,
      approval: { mode: "never" },
    });
    rig = current;
    const asked = await askingClient(current, { action: "decline" });
    await runningCall(current);
    expect(await sampling.decideSampling(current)).toBe(true);
    expect(asked).toEqual([]);
  });

  it("asks the /mcp client whose call runs, and allows only its yes", async () => {
    const current = await sampling.startSamplingRig({
      mcp: true,
      approval: { mode: "ask" },
    });
    rig = current;
    const asked = await askingClient(current, { action: "accept", content: { approve: true } });
    await runningCall(current);
    expect(await sampling.decideSampling(current)).toBe(true);
    expect(asked).toEqual([sampling.SAMPLING_QUESTION]);
  });

  it("a /mcp client's no refuses it, and the server reads that the user declined", async () => {
    const current = await sampling.startSamplingRig({
      mcp: true,
      approval: { mode: "ask" },
    });
    rig = current;
    await askingClient(current, { action: "accept", content: { approve: false } });
    await runningCall(current);
    expect(await sampling.decideSampling(current)).toEqual({
      approved: false,
      reason: "the user of the MCP client declined the sampling request",
    });
  });

  it("with nobody to ask (no /mcp) it is refused, the server reading the operator's hint", async () => {
    const current = await sampling.startSamplingRig({ approval: { mode: "ask" } });
    rig = current;
    const completion = current.complete("wait");
    await expect.poll(() => current.modelServer.requests.length, { timeout: 15_000 }).toBe(1);
    expect(await sampling.decideSampling(current)).toEqual(sampling.NOBODY_ASKED);
    await (await completion).body?.cancel();
  });

  it("while a chat completion runs beside the /mcp call, neither the /mcp client nor the page is asked: refused", async () => {
    const current = await sampling.startSamplingRig({
      mcp: true,
      approval: { mode: "ask", inPage: true },
    });
    rig = current;
    const asked = await askingClient(current, { action: "accept", content: { approve: true } });
    await runningCall(current);
    const completion = current.complete("wait too");
    await expect.poll(() => current.modelServer.requests.length, { timeout: 15_000 }).toBe(2);
    expect(await sampling.decideSampling(current)).toMatchObject({
      approved: false,
      reason: expect.stringContaining(sampling.SAMPLING_HINT),
    });
    expect(asked).toEqual([]);
    await (await completion).body?.cancel();
  });
});
