import { describe, expect, it } from "vitest";
import { resumedConversationLine } from "./resumed-conversation-line.js";

const conversation = (messages: number) => ({
  id: "20261205-000000-aaaa",
  agent: { name: "notes" },
  created: "",
  updated: "",
  messages: Array.from({ length: messages }, () => ({
    role: "user" as const,
    content: "what \u001b[2J now",
  })),
});

describe("resumedConversationLine", () => {
  it("counts the messages, shows the first question safely, and the tools loaded again", () => {
    expect(resumedConversationLine(conversation(1), 0)).toBe(
      'resumed conversation 20261205-000000-aaaa (1 message, started with "what \\x1b[2J now")',
    );
    expect(resumedConversationLine(conversation(3), 2)).toBe(
      'resumed conversation 20261205-000000-aaaa (3 messages, started with "what \\x1b[2J now"; 2 tools from tool_search loaded again)',
    );
    expect(resumedConversationLine(conversation(2), 1)).toMatch(/; 1 tool from tool_search/);
  });
});
