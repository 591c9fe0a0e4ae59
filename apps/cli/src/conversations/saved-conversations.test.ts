import { describe, expect, it } from "vitest";
import { savedConversations } from "./saved-conversations.js";

describe("savedConversations", () => {
  it("keeps them in the state directory: XDG_STATE_HOME, else ~/.local/state", () => {
    const agent = { name: "My Agent", file: "/projects/a/agent.json" };
    expect(savedConversations(agent, { HOME: "/home/ann" }).dir).toMatch(
      /^\/home\/ann\/\.local\/state\/tinyloop\/conversations\/my-agent-[0-9a-f]{8}$/,
    );
    expect(savedConversations(agent, { XDG_STATE_HOME: "/state", HOME: "/home/ann" }).dir).toMatch(
      /^\/state\/tinyloop\/conversations\/my-agent-[0-9a-f]{8}$/,
    );
  });
});
