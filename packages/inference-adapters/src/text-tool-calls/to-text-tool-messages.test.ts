import { describe, expect, it } from "vitest";
import type { ChatMessage, ToolSpec } from "../types.js";
import { formatOf } from "./text-tool-call-formats.js";
import { TextToolMessages } from "./to-text-tool-messages.js";

const tools: ToolSpec[] = [
  {
    name: "read_file",
    description: "Read a file.",
    inputSchema: { type: "object", properties: { path: { type: "string" } } },
  },
];
const hermes = formatOf("hermes");

/** An agent's history after `turns` turns of one call and its result each. */
function history(turns: number, first: ChatMessage[]): ChatMessage[] {
  const messages = [...first];
  for (let turn = 0; turn < turns; turn++) {
    messages.push({
      role: "assistant",
      content: `Reading ${turn}.`,
      toolCalls: [{ id: `c${turn}`, name: "read_file", arguments: `{"path":"${turn}.txt"}` }],
    });
    messages.push({
      role: "tool",
      toolCallId: `c${turn}`,
      content: [{ type: "text", text: `text ${turn}` }],
    });
  }
  return messages;
}

describe("TextToolMessages", () => {
  const starts: Record<string, ChatMessage[]> = {
    "with a system message": [
      { role: "system", content: "Be brief." },
      { role: "user", content: "Read them." },
    ],
    "without one": [{ role: "user", content: "Read them." }],
  };
  for (const [label, first] of Object.entries(starts)) {
    it(`a growing history (${label}) converts as a fresh one does, each converted message the same object as before`, () => {
      const grown = history(6, first);
      const writer = new TextToolMessages();
      let before: ChatMessage[] = [];
      for (let length = first.length; length <= grown.length; length++) {
        const sent = writer.write(grown.slice(0, length), tools, hermes);
        expect(sent).toEqual(new TextToolMessages().write(grown.slice(0, length), tools, hermes));
        // A trailing run of results is kept too: it is the same object once a turn follows.
        for (let index = 0; index < before.length; index++) expect(sent[index]).toBe(before[index]);
        before = sent;
      }
      expect(before[0]).toEqual({ role: "system", content: expect.stringContaining("<tools>") });
      expect(before.at(-1)).toEqual({
        role: "user",
        content: "<tool_response>\ntext 5\n</tool_response>",
      });
    });
  }

  it("a run of results that grows between writes, then a user message, is one user turn", () => {
    const writer = new TextToolMessages();
    const messages: ChatMessage[] = [
      { role: "user", content: "Read both." },
      {
        role: "assistant",
        content: "",
        toolCalls: [
          { id: "a", name: "read_file", arguments: '{"path":"a"}' },
          { id: "b", name: "read_file", arguments: '{"path":"b"}' },
        ],
      },
      { role: "tool", toolCallId: "a", content: [{ type: "text", text: "A" }] },
    ];
    writer.write(messages, tools, hermes);
    messages.push({ role: "tool", toolCallId: "b", content: [{ type: "text", text: "B" }] });
    writer.write([...messages], tools, hermes);
    messages.push({ role: "user", content: "And now?" });
    const sent = writer.write([...messages], tools, hermes);
    expect(sent.at(-1)).toEqual({
      role: "user",
      content:
        "<tool_response>\nA\n</tool_response>\n<tool_response>\nB\n</tool_response>\n\nAnd now?",
    });
    expect(sent).toHaveLength(4);
  });

  it("a history that does not start with the last one (cut, other tools) is converted anew", () => {
    const writer = new TextToolMessages();
    const grown = history(3, starts["with a system message"]!);
    writer.write(grown, tools, hermes);
    const cut = [...grown.slice(0, 2), ...grown.slice(4)];
    expect(writer.write(cut, tools, hermes)).toEqual(
      new TextToolMessages().write(cut, tools, hermes),
    );
    const other: ToolSpec[] = [{ ...tools[0]!, name: "open_file" }];
    const sent = writer.write(grown, other, hermes);
    expect(sent[0]?.content).toContain('"open_file"');
    expect(sent[0]?.content).not.toContain('"read_file"');
  });

  it("a converted message whose source was replaced by a changed copy is converted again", () => {
    const writer = new TextToolMessages();
    const grown = history(2, starts["without one"]!);
    writer.write(grown, tools, hermes);
    const changed = [...grown];
    changed[1] = { ...(grown[1] as ChatMessage & { role: "assistant" }), content: "Changed." };
    const sent = new TextToolMessages().write(changed, tools, hermes);
    expect(writer.write(changed, tools, hermes)).toEqual(sent);
    expect(sent[2]?.content).toMatch(/^Changed\.\n\n<tool_call>/);
  });
});
