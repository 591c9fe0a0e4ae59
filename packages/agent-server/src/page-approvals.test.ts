import { afterEach, describe, expect, it } from "vitest";
import { type ServeRig, startServeRig } from "./__fixtures__/serve-rig.js";

let rig: ServeRig | undefined;
afterEach(async () => {
  expect((await rig?.close()) ?? []).toEqual([]);
  rig = undefined;
});

const answer = (current: ServeRig, id: string, body: unknown, auth = true) =>
  current.call(`/tinyloop/v1/approvals/${id}`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
    auth,
  });

describe("approvals asked in the chat page (approval.inPage)", () => {
  it("answers a decision for no waiting call with 404, another word with 400, no key with 401", async () => {
    rig = await startServeRig([], { approval: { inPage: true } });
    const unknown = await answer(rig, "no-such-question", { decision: "approve" });
    expect(unknown.status).toBe(404);
    expect(((await unknown.json()) as { error: { code: string } }).error.code).toBe(
      "approval_not_found",
    );
    const bad = await answer(rig, "no-such-question", { decision: "maybe" });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { error: { message: string } }).error.message).toBe(
      'decision: expected "approve", "deny" or "always", got "maybe" (example: { "decision": "approve" })',
    );
    expect((await answer(rig, "x", { decision: "approve" }, false)).status).toBe(401);
  });

  it("still refuses, with the operator's hint, in a request that does not stream (nobody sees a question)", async () => {
    rig = await startServeRig(
      [
        { toolCalls: [{ id: "a1", name: "mcp_fx_add", arguments: { a: 1, b: 2 } }] },
        { text: "I may not add." },
      ],
      { approval: { inPage: true } },
    );
    const before = await rig.fixtureStats();
    const completion = await rig.client.chat.completions.create({
      model: "test-agent",
      messages: [{ role: "user", content: "add" }],
    });
    expect(completion.choices[0]?.message.content).toBe("I may not add.");
    expect((await rig.fixtureStats()).calls).toBe(before.calls + 1); // only the stats call
    const second = rig.modelServer.requests[1]?.body as { messages: Array<{ role: string }> };
    expect(JSON.stringify(second.messages.at(-1))).toContain("mcp_fx_add needs approval");
  });
});

/** Streams `add 1 and 2` and resolves the first `approval_request` extension, then answers it. */
async function firstQuestion(current: ServeRig): Promise<Record<string, unknown>> {
  const response = await current.call("/v1/chat/completions", {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({
      model: "test-agent",
      stream: true,
      messages: [{ role: "user", content: "add" }],
    }),
  });
  const reader = (response.body as ReadableStream<Uint8Array>).getReader();
  const decoder = new TextDecoder();
  let text = "";
  for (;;) {
    const { value, done } = await reader.read();
    if (done) throw new Error(`the stream ended without a question:\n${text}`);
    text += decoder.decode(value, { stream: true });
    const question = /"tinyloop":(\{"type":"approval_request".*?\})\}\n/.exec(text)?.[1];
    if (!question) continue;
    const parsed = JSON.parse(question) as Record<string, unknown>;
    await answer(current, String(parsed.id), { decision: "deny" });
    while (!(await reader.read()).done) {}
    return parsed;
  }
}

describe("what a call would change (approval.changeLines)", () => {
  const addThenStop = [
    { toolCalls: [{ id: "a1", name: "mcp_fx_add", arguments: { a: 1, b: 2 } }] },
    { text: "Not added." },
  ];

  it("sends the lines with the question as diff, given the call and the tool's definition", async () => {
    const seen: string[] = [];
    rig = await startServeRig(addThenStop, {
      approval: {
        mode: "always",
        inPage: true,
        changeLines: (call, definition) => {
          seen.push(`${call.name} ${call.arguments} ${definition.source?.tool}`);
          return [`changes to sum.txt`, "-2", `+${JSON.parse(call.arguments).a + 2}`];
        },
      },
    });
    const question = await firstQuestion(rig);
    expect(question).toMatchObject({
      name: "mcp_fx_add",
      diff: ["changes to sum.txt", "-2", "+3"],
    });
    expect(seen).toEqual(['mcp_fx_add {"a":1,"b":2} add']);
  });

  it("asks without diff when the lines cannot be had (none, or the function threw)", async () => {
    rig = await startServeRig(addThenStop, {
      approval: {
        mode: "always",
        inPage: true,
        changeLines: () => {
          throw new Error("cannot read the file");
        },
      },
    });
    const question = await firstQuestion(rig);
    expect(question.name).toBe("mcp_fx_add");
    expect("diff" in question).toBe(false);
  });
});
