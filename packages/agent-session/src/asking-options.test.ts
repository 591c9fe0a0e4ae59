import type { AgentEvent } from "@tinyloop/agent-loop";
import type { McpElicitRequest, McpSamplingRequest } from "@tinyloop/mcp-transport";
import { describe, expect, it } from "vitest";
import { stdioServer, useFixtureSessions } from "./__fixtures__/fixture-session.js";
import { askingOptions } from "./asking-options.js";

const sessions = useFixtureSessions();

/** The model calls the fixture's read-only `echo` and its `add`, then answers. */
const script = [
  {
    toolCalls: [
      { name: "mcp_fx_echo", arguments: { text: "hi" } },
      { name: "mcp_fx_add", arguments: { a: 2, b: 3 } },
    ],
  },
  { text: "done" },
];

/** Each tool's result text and whether it is an error, by registered name. */
async function runTurn(session: Awaited<ReturnType<typeof sessions.open>>) {
  const events: AgentEvent[] = [];
  for await (const event of session.agent.run("echo and add")) events.push(event);
  return Object.fromEntries(
    events.flatMap((e) =>
      e.type === "tool-result"
        ? [
            [
              e.call.name,
              {
                text: (e.result.content[0] as { text?: string } | undefined)?.text,
                isError: e.result.isError === true,
              },
            ],
          ]
        : [],
    ),
  );
}

const signal = new AbortController().signal;
const sampling: McpSamplingRequest = {
  messages: [{ role: "user", content: { type: "text", text: "Summarise" } }],
  maxTokens: 50,
};
const form: McpElicitRequest = {
  message: "Which branch?",
  requestedSchema: { type: "object", properties: { branch: { type: "string" } } },
};

describe("askingOptions", () => {
  it("asks one question channel for the tools the file's mode names, and runs what is allowed", async () => {
    const questions: string[] = [];
    const ask = async (question: string) => {
      questions.push(question);
      return "y";
    };
    const session = await sessions.open([stdioServer("fx")], script, askingOptions(ask));
    const results = await runTurn(session);
    // echo is read-only: in mode `ask` only add is asked.
    expect(questions).toEqual(["allow mcp_fx_add a=2 b=3? [y]es / [n]o / [a]lways / [v]iew: "]);
    expect(results.mcp_fx_add).toEqual({ text: "5", isError: false });
    expect(results.mcp_fx_echo).toEqual({ text: "hi", isError: false });
  });

  it("in mode always asks for every tool; a no is the model's denial", async () => {
    const questions: string[] = [];
    const ask = async (question: string) => {
      questions.push(question);
      return "n";
    };
    const session = await sessions.open(
      [stdioServer("fx")],
      script,
      askingOptions(ask, { approval: "always" }),
    );
    const results = await runTurn(session);
    expect(questions).toHaveLength(2);
    expect(results.mcp_fx_echo?.isError).toBe(true);
    expect(results.mcp_fx_add?.text).toContain("denied by the user");
  });

  it("with yes runs tools and sampling without asking, but still asks a server's form", async () => {
    const questions: string[] = [];
    const ask = async (question: string) => {
      questions.push(question);
      return questions.length === 1 ? "y" : "main";
    };
    const options = askingOptions(ask, { approval: "always", yes: true });
    expect(options.approve).toBeUndefined();
    expect(await options.approveSampling?.(sampling, { server: "fx", signal })).toBe(true);
    expect(questions).toEqual([]);
    expect(await options.onElicit?.(form, { server: "fx", signal })).toEqual({
      action: "accept",
      content: { branch: "main" },
    });
    expect(questions[0]).toContain("server fx asks: Which branch?");
  });

  it("with nobody to ask denies tools saying how to allow them, declines forms and refuses sampling", async () => {
    const options = askingOptions(undefined, {
      howToAllow: { tools: "run with --yes", sampling: "run with --yes" },
    });
    const session = await sessions.open([stdioServer("fx")], script, options);
    const results = await runTurn(session);
    expect(results.mcp_fx_echo).toEqual({ text: "hi", isError: false });
    expect(results.mcp_fx_add?.isError).toBe(true);
    expect(results.mcp_fx_add?.text).toContain("run with --yes");
    expect(await options.onElicit?.(form, { server: "fx", signal })).toEqual({ action: "decline" });
    expect(await options.approveSampling?.(sampling, { server: "fx", signal })).toMatchObject({
      approved: false,
      reason: expect.stringMatching(/; run with --yes$/),
    });
  });

  it("runs the tools the allow-list names without asking, even with nobody to ask", async () => {
    const questions: string[] = [];
    const ask = async (question: string) => {
      questions.push(question);
      return "n";
    };
    const asking = await sessions.open(
      [stdioServer("fx")],
      script,
      askingOptions(ask, { approval: "always", allow: ["mcp_fx_ad*"] }),
    );
    const results = await runTurn(asking);
    expect(results.mcp_fx_add).toEqual({ text: "5", isError: false });
    expect(questions).toEqual(['allow mcp_fx_echo text="hi"? [y]es / [n]o / [a]lways / [v]iew: ']);
    const unattended = await sessions.open(
      [stdioServer("fx")],
      script,
      askingOptions(undefined, { allow: ["mcp_fx_add"] }),
    );
    expect((await runTurn(unattended)).mcp_fx_add).toEqual({ text: "5", isError: false });
  });
});
