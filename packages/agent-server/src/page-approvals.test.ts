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
