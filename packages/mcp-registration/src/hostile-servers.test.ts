import { ToolRegistry } from "@tinyloop/registry";
import { type HostileServerOptions, hostileServer } from "@tinyloop/test-fixtures/hostile-server";
import { useProcessGuard } from "@tinyloop/test-fixtures/process-guard";
import { describe, expect, it } from "vitest";
import { connectAll } from "./connect-all.js";
import type { HubEvent } from "./hub-types.js";
import { MAX_SCHEMA_DEPTH } from "./schema-bounds.js";

const guard = useProcessGuard();

async function start(servers: Record<string, HostileServerOptions>) {
  const events: HubEvent[] = [];
  const registry = new ToolRegistry();
  const entries = Object.fromEntries(
    Object.entries(servers).map(([name, options]) => [
      name,
      { ...hostileServer(options), env: guard.env() },
    ]),
  );
  const hub = await connectAll(entries, registry, {
    onEvent: (event) => events.push(event),
    connection: { reconnect: { initialRetries: 0 } },
  });
  guard.track(hub);
  return { hub, registry, events };
}

function text(result: { content: unknown[] }): string {
  return result.content.map((block) => (block as { text?: string }).text ?? "").join("\n");
}

describe("hostile servers through connectAll", () => {
  it("skips a tool whose schema nests 2,000 levels, with a warning naming server and tool; the rest work", async () => {
    const { hub, registry } = await start({ deep: { deepSchema: 2_000, badTools: true } });
    const report = hub.report("deep");
    expect(report?.skipped).toContainEqual({
      tool: "deep",
      reason: "schema-too-large",
      detail: `it nests more than ${MAX_SCHEMA_DEPTH} levels deep`,
    });
    expect(report?.warnings).toContain(
      `tool "deep" of server "deep" skipped: its schema is too large to use (it nests more than ${MAX_SCHEMA_DEPTH} levels deep)`,
    );
    // Malformed tools were normalised (schemas) or left out (no usable name); the good ones work.
    const names = registry.list().map((tool) => tool.name);
    expect(names).toEqual(
      expect.arrayContaining(["mcp_deep_echo", "mcp_deep_no_schema", "mcp_deep_string_schema"]),
    );
    expect(names).not.toContain("mcp_deep_deep");
    expect(registry.get("mcp_deep_no_schema")?.inputSchema).toEqual({
      type: "object",
      properties: {},
    });
    expect(report?.warnings.join("\n")).toContain(
      'tool "string_schema": input schema was a string ("not a schema"), not an object',
    );
    const result = await registry.dispatch("mcp_deep_echo", { text: "works" });
    expect(text(result)).toBe("works");
  });

  it("reports a server with endless tools/list pagination as failed, and the others connect", async () => {
    const { hub, events, registry } = await start({ endless: { endlessPages: true }, fine: {} });
    const failed = events.find((event) => event.type === "failed");
    expect(failed).toMatchObject({ type: "failed", server: "endless" });
    expect((failed as { reason: string }).reason).toContain("pagination looks endless");
    expect(events.some((event) => event.type === "ready" && event.server === "endless")).toBe(
      false,
    );
    expect(hub.servers().find((s) => s.name === "endless")?.state).toBe("failed");
    expect(text(await registry.dispatch("mcp_fine_echo", { text: "hi" }))).toBe("hi");
  }, 60_000);

  it("tells the model a tool may have run when its server dies mid-call", async () => {
    const { registry } = await start({ dying: {} });
    const result = await registry.dispatch("mcp_dying_die", {});
    expect(result).toMatchObject({ isError: true, code: "TOOL_FAILED" });
    expect(text(result)).toContain(
      'Tool "mcp_dying_die" failed: MCP server "dying" stopped answering while the tool was running, so it may have run',
    );
  });
});
