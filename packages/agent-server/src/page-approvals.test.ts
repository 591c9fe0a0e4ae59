import { afterEach, describe, expect, it } from "vitest";
import * as elicitation from "./__fixtures__/elicitation-request.js";
import * as sampling from "./__fixtures__/sampling-request.js";
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
      'decision: expected "approve", "deny", "always" or "edit", got "maybe" (example: { "decision": "approve" })',
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

/** A streaming request waiting on its first question (an extension such as `approval_request`). */
interface OpenQuestion {
  question: Record<string, unknown>;
  /** Reads the rest of the stream; resolves its text once the run is over. */
  rest(): Promise<string>;
  /** Stops reading: the client leaves. */
  leave(): Promise<void>;
}

/** Reads `response`'s stream up to its first extension of `type`, unanswered. */
async function questionIn(response: Response, type: string): Promise<OpenQuestion> {
  const reader = (response.body as ReadableStream<Uint8Array>).getReader();
  const decoder = new TextDecoder();
  let text = "";
  const pattern = new RegExp(`"tinyloop":(\\{"type":"${type}".*?\\})\\}\n`);
  for (;;) {
    const { value, done } = await reader.read();
    if (done) throw new Error(`the stream ended without a ${type}:\n${text}`);
    text += decoder.decode(value, { stream: true });
    const found = pattern.exec(text)?.[1];
    if (!found) continue;
    const rest = async () => {
      for (;;) {
        const next = await reader.read();
        if (next.done) return text;
        text += decoder.decode(next.value, { stream: true });
      }
    };
    return {
      question: JSON.parse(found) as Record<string, unknown>,
      rest,
      leave: () => reader.cancel(),
    };
  }
}

/** Streams `add` and resolves at its first `approval_request` extension, unanswered. */
async function openQuestion(current: ServeRig): Promise<OpenQuestion> {
  return questionIn(await current.complete("add"), "approval_request");
}

/** Streams `add`, denies its first question and resolves that question. */
async function firstQuestion(current: ServeRig): Promise<Record<string, unknown>> {
  const open = await openQuestion(current);
  await answer(current, String(open.question.id), { decision: "deny" });
  await open.rest();
  return open.question;
}

describe("editing a call's arguments before approving it (decision edit)", () => {
  const addThenAnswer = [
    { toolCalls: [{ id: "a1", name: "mcp_fx_add", arguments: { a: 1, b: 2 } }] },
    { text: "Added." },
  ];
  /** The tool message the model got for the call (its second request's last message). */
  const toolMessage = (current: ServeRig) => {
    const second = current.modelServer.requests[1]?.body as { messages: unknown[] };
    return JSON.stringify(second.messages.at(-1));
  };

  it("runs the edited arguments on approve, and tells the model they changed", async () => {
    rig = await startServeRig(addThenAnswer, { approval: { mode: "always", inPage: true } });
    const open = await openQuestion(rig);
    const id = String(open.question.id);
    const edited = await answer(rig, id, {
      decision: "edit",
      arguments: '{\n  "a": 40,\n  "b": 2\n}\n',
    });
    expect(edited.status).toBe(200);
    expect(await edited.json()).toEqual({ id, decision: "edit", arguments: '{"a":40,"b":2}' });
    expect((await answer(rig, id, { decision: "approve" })).status).toBe(200);
    expect(await open.rest()).toContain("Added.");
    const message = toolMessage(rig);
    expect(message).toContain("42");
    expect(message).toContain(
      'The person approving this call changed its arguments; it ran with {\\"a\\":40,\\"b\\":2}',
    );
  });

  it("refuses a bad edit saying what is wrong, and keeps the question with the arguments it had", async () => {
    rig = await startServeRig(addThenAnswer, { approval: { mode: "always", inPage: true } });
    const open = await openQuestion(rig);
    const id = String(open.question.id);
    const notJson = await answer(rig, id, { decision: "edit", arguments: '{"a": 40,' });
    expect(notJson.status).toBe(400);
    const notJsonError = ((await notJson.json()) as { error: { message: string; code: string } })
      .error;
    expect(notJsonError.code).toBe("invalid_arguments");
    expect(notJsonError.message).toMatch(
      /^the edited arguments were not used: The arguments for tool "mcp_fx_add" are not valid JSON/,
    );
    const wrongType = await answer(rig, id, { decision: "edit", arguments: { a: "forty" } });
    expect(((await wrongType.json()) as { error: { message: string } }).error.message).toBe(
      "the edited arguments were not used: they do not match mcp_fx_add's input schema:\n- b: is required but missing\n- a: must be number, got string\nThe question still waits with the arguments it had: fix them and send the edit again, or answer for those.",
    );
    const noArguments = await answer(rig, id, { decision: "edit", arguments: 7 });
    expect(((await noArguments.json()) as { error: { message: string } }).error.message).toBe(
      'arguments: expected the call\'s arguments as JSON text or a JSON object, got a number (7) (example: { "decision": "edit", "arguments": "{\\"path\\": \\"notes.txt\\"}" })',
    );
    const withApprove = await answer(rig, id, { decision: "approve", arguments: "{}" });
    expect(withApprove.status).toBe(400);
    expect(((await withApprove.json()) as { error: { message: string } }).error.message).toBe(
      'arguments: only an "edit" answer carries arguments, got them with "approve" (send { "decision": "edit", "arguments": … } first, then { "decision": "approve" })',
    );
    // Still waiting, with the model's own arguments: the approve runs 1 + 2.
    expect((await answer(rig, id, { decision: "approve" })).status).toBe(200);
    await open.rest();
    expect(toolMessage(rig)).toContain("3");
    expect(toolMessage(rig)).not.toContain("changed its arguments");
  });

  it("answers an edit with the edited call's diff, and always runs the edit too", async () => {
    rig = await startServeRig(addThenAnswer, {
      approval: {
        mode: "always",
        inPage: true,
        changeLines: (call) => ["changes to sum.txt", `+${JSON.stringify(call.arguments)}`],
      },
    });
    const open = await openQuestion(rig);
    const id = String(open.question.id);
    expect(open.question.diff).toEqual(["changes to sum.txt", '+"{\\"a\\":1,\\"b\\":2}"']);
    const edited = await answer(rig, id, { decision: "edit", arguments: { a: 5, b: 5 } });
    expect(await edited.json()).toEqual({
      id,
      decision: "edit",
      arguments: '{"a":5,"b":5}',
      diff: ["changes to sum.txt", '+"{\\"a\\":5,\\"b\\":5}"'],
    });
    expect((await answer(rig, id, { decision: "always" })).status).toBe(200);
    await open.rest();
    expect(toolMessage(rig)).toContain("10");
    // Answered: a second edit finds nothing waiting.
    expect((await answer(rig, id, { decision: "edit", arguments: "{}" })).status).toBe(404);
  });
});

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

/** The test's rig (closed after it): a hanging model, approval mode `ask`, asked in the page. */
async function startInPageRig(): Promise<ServeRig> {
  rig = await sampling.startSamplingRig({ approval: { mode: "ask", inPage: true } });
  return rig;
}

/** Starts two streaming runs whose model hangs (ended by the rig's close); resolves once both wait. */
async function twoRunsWaiting(current: ServeRig): Promise<void> {
  for (const count of [1, 2]) {
    void current.complete("wait").catch(() => undefined);
    await expect.poll(() => current.modelServer.requests.length, { timeout: 15_000 }).toBe(count);
  }
}

/**
 * Puts a question of the agent's MCP servers (`put`: a sampling request, a form) while the rig's
 * one streaming run waits, and resolves at the run's `type` question with the answer to come.
 */
async function askedInPage<T>(current: ServeRig, put: () => Promise<T>, type: string) {
  const response = current.complete("wait");
  await expect.poll(() => current.modelServer.requests.length, { timeout: 15_000 }).toBe(1);
  const answered = put();
  const open = await questionIn(await response, type);
  return { answered, question: open.question, id: String(open.question.id), leave: open.leave };
}

/** A sampling request asked in the page: {@link askedInPage} with the decision as `decided`. */
async function samplingAsked(current: ServeRig) {
  const asked = await askedInPage(
    current,
    () => sampling.decideSampling(current),
    "sampling_request",
  );
  return { ...asked, decided: asked.answered };
}

describe("sampling requests asked in the chat page (server.approveSampling, approval.inPage)", () => {
  it("asks the page of the one streaming run (sampling_request), and its approve allows it", async () => {
    const current = await startInPageRig();
    const { decided, question, id } = await samplingAsked(current);
    expect(question).toEqual({
      type: "sampling_request",
      id,
      server: "everything",
      message: sampling.SAMPLING_QUESTION,
    });
    // Only approve or deny answer a sampling question; it keeps waiting after a wrong word.
    const always = await answer(current, id, { decision: "always" });
    expect(always.status).toBe(400);
    expect(((await always.json()) as { error: { message: string } }).error.message).toBe(
      `decision: expected "approve" or "deny" (${id} is a sampling request, not a tool call), got "always" (example: { "decision": "approve" })`,
    );
    expect((await answer(current, id, { decision: "approve" })).status).toBe(200);
    expect(await decided).toBe(true);
    // Answered: the id waits no more.
    expect((await answer(current, id, { decision: "approve" })).status).toBe(404);
  });

  it("the page's deny refuses it, the server reading that the user in the chat page declined", async () => {
    const current = await startInPageRig();
    const { decided, id } = await samplingAsked(current);
    expect((await answer(current, id, { decision: "deny" })).status).toBe(200);
    expect(await decided).toEqual({
      approved: false,
      reason: "the user in the chat page declined the sampling request",
    });
  });

  it("a run that ends before the answer refuses it", async () => {
    const current = await startInPageRig();
    const { decided, id, leave } = await samplingAsked(current);
    await leave();
    expect(await decided).toMatchObject({ approved: false });
    expect((await answer(current, id, { decision: "approve" })).status).toBe(404);
  });

  it("with two runs at once nobody is asked (whose run caused it cannot be told): refused", async () => {
    const current = await startInPageRig();
    await twoRunsWaiting(current);
    expect(await sampling.decideSampling(current)).toEqual(sampling.NOBODY_ASKED);
  });

  it("a run that does not stream cannot be asked: refused", async () => {
    const current = await startInPageRig();
    const run = current.complete("wait", { stream: false });
    await expect.poll(() => current.modelServer.requests.length, { timeout: 15_000 }).toBe(1);
    expect(await sampling.decideSampling(current)).toMatchObject({
      approved: false,
      reason: expect.stringContaining(sampling.SAMPLING_HINT),
    });
    void run.catch(() => undefined); // ended by the rig's close
  });
});

/** The form asked in the page: {@link askedInPage} with the person's answer as `answered`. */
const formAsked = (current: ServeRig) =>
  askedInPage(current, () => elicitation.askForm(current), "elicitation_request");

const errorMessage = async (response: Response) =>
  ((await response.json()) as { error: { message: string } }).error.message;

describe("forms of the agent's MCP servers asked in the chat page (server.askElicitation, approval.inPage)", () => {
  it("asks the page of the one streaming run, refuses content that does not fit naming each problem, and takes a good one", async () => {
    const current = await startInPageRig();
    const { answered, question, id } = await formAsked(current);
    expect(question).toEqual({
      type: "elicitation_request",
      id,
      server: "forms",
      message: elicitation.FORM.message,
      requested_schema: elicitation.FORM.requestedSchema,
    });
    const bad = await answer(current, id, {
      decision: "accept",
      content: { email: "not an address", age: 200, hero: "hero-9", shoe: 42 },
    });
    expect(bad.status).toBe(400);
    expect(await errorMessage(bad)).toBe(
      [
        "content: the answer does not fit the form:",
        "- name: is required but missing",
        "- shoe: is not an allowed property (allowed: name, email, age, hero)",
        '- email: must match format "email"',
        "- age: must be <= 130",
        '- hero: must be "hero-1", got "hero-9"',
        '- hero: must be "hero-2", got "hero-9"',
        "- hero: must match exactly one schema in oneOf",
        "The form still waits: fix the fields and send it again, or decline or cancel it.",
      ].join("\n"),
    );
    const wrongWord = await answer(current, id, { decision: "approve" });
    expect(wrongWord.status).toBe(400);
    expect(await errorMessage(wrongWord)).toBe(
      `decision: expected "accept", "decline" or "cancel" (${id} is a form of an MCP server, not a tool call), got "approve" (example: { "decision": "accept", "content": { "name": "Ada" } })`,
    );
    const noContent = await answer(current, id, { decision: "accept" });
    expect(noContent.status).toBe(400);
    expect(await errorMessage(noContent)).toMatch(
      /^content: expected the form's fields as a JSON object, got /,
    );
    const good = { name: "Ada", email: "ada@example.com", age: 36, hero: "hero-2" };
    const taken = await answer(current, id, { decision: "accept", content: good });
    expect(taken.status).toBe(200);
    expect(await taken.json()).toEqual({ id, decision: "accept" });
    expect(await answered).toEqual({ action: "accept", content: good });
    expect((await answer(current, id, { decision: "cancel" })).status).toBe(404);
  });

  it("answers decline as a decline, and refuses content sent with it", async () => {
    const current = await startInPageRig();
    const first = await formAsked(current);
    const withContent = await answer(current, first.id, { decision: "decline", content: {} });
    expect(withContent.status).toBe(400);
    expect(await errorMessage(withContent)).toBe(
      'content: only an "accept" answer carries content, got it with "decline"',
    );
    expect((await answer(current, first.id, { decision: "decline" })).status).toBe(200);
    expect(await first.answered).toEqual({ action: "decline" });
  });

  it("answers cancel as a cancel", async () => {
    const current = await startInPageRig();
    const { answered, id } = await formAsked(current);
    expect((await answer(current, id, { decision: "cancel" })).status).toBe(200);
    expect(await answered).toEqual({ action: "cancel" });
  });

  it("a run that ends before the answer cancels the form", async () => {
    const current = await startInPageRig();
    const { answered, id, leave } = await formAsked(current);
    await leave();
    expect(await answered).toEqual({ action: "cancel" });
    expect((await answer(current, id, { decision: "decline" })).status).toBe(404);
  });

  it("with two runs at once nobody is asked (whose run caused it cannot be told)", async () => {
    const current = await startInPageRig();
    await twoRunsWaiting(current);
    expect(await elicitation.askForm(current)).toBeUndefined();
  });

  it("without approval.inPage the page is not asked", async () => {
    const current = await sampling.startSamplingRig({ approval: { mode: "ask" } });
    rig = current;
    const run = current.complete("wait");
    await expect.poll(() => current.modelServer.requests.length, { timeout: 15_000 }).toBe(1);
    expect(await elicitation.askForm(current)).toBeUndefined();
    void run.catch(() => undefined); // ended by the rig's close
  });
});
