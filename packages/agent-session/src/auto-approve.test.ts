import type { AgentFileServer } from "@tinyloop/agent-files";
import type { ToolDefinition } from "@tinyloop/registry";
import { describe, expect, it } from "vitest";
import { autoApprovedTools, withAutoApprove } from "./auto-approve.js";

const server = (name: string, autoApprove: string[]): AgentFileServer => ({
  name,
  path: ["mcpServers", name],
  config: { command: "node", args: [], env: {} },
  enabled: true,
  autoApprove,
});
const origins: Record<string, { server: string; tool: string }> = {
  mcp_weather_get_forecast: { server: "weather", tool: "get_forecast" },
  mcp_weather_set_alert: { server: "weather", tool: "set_alert" },
  mcp_other_get_forecast: { server: "other", tool: "get_forecast" },
};
const definition = {} as ToolDefinition;
const signal = new AbortController().signal;

describe("withAutoApprove", () => {
  it("approves only the listed tools of the listing server, asks for the rest", async () => {
    const asked: string[] = [];
    const approve = withAutoApprove(
      (call) => {
        asked.push(call.name);
        return { approved: false, reason: "no" };
      },
      [server("weather", ["get_forecast"]), server("other", [])],
      (name) => origins[name],
    );
    const decide = (name: string) =>
      approve?.({ id: "1", name, arguments: "{}" }, definition, { signal });
    expect(await decide("mcp_weather_get_forecast")).toBe(true);
    expect(await decide("mcp_weather_set_alert")).toEqual({ approved: false, reason: "no" });
    expect(await decide("mcp_other_get_forecast")).toEqual({ approved: false, reason: "no" });
    expect(asked).toEqual(["mcp_weather_set_alert", "mcp_other_get_forecast"]);
  });

  it("changes nothing when approval is off (--yes)", () => {
    expect(withAutoApprove(undefined, [server("weather", ["x"])], () => undefined)).toBe(undefined);
  });
});

describe("autoApprovedTools", () => {
  it("lists the registered names of the listed tools of the listing server only", () => {
    const names = [...Object.keys(origins), "builtin_tool"];
    const servers = [server("weather", ["get_forecast"]), server("other", [])];
    expect(autoApprovedTools(servers, names, (name) => origins[name])).toEqual([
      "mcp_weather_get_forecast",
    ]);
  });

  it("is empty when no server lists a tool", () => {
    expect(
      autoApprovedTools([server("weather", [])], Object.keys(origins), (n) => origins[n]),
    ).toEqual([]);
  });
});
