import { connectServer } from "@tinyloop/mcp-transport";
import { ToolRegistry } from "@tinyloop/registry";
import { fixtureServer } from "@tinyloop/test-fixtures/mcp-server";
import { guardedConnector, useProcessGuard } from "@tinyloop/test-fixtures/process-guard";
import { describe, expect, it } from "vitest";
import { dynamicServer, everythingServer } from "../test/servers.js";
import { registerServer } from "./register-server.js";

const guard = useProcessGuard();
const connect = guardedConnector(guard, connectServer);

function text(result: { content: unknown[] }): string {
  return result.content.map((block) => (block as { text?: string }).text ?? "").join("\n");
}

const FEATURE_TOOLS = [
  "mcp_everything_list_resources",
  "mcp_everything_read_resource",
  "mcp_everything_list_prompts",
  "mcp_everything_get_prompt",
];

describe("resources and prompts as tools", () => {
  it("registers the four tools in mcp-<server> for a server with both capabilities", async () => {
    const registry = new ToolRegistry();
    await registerServer(registry, await connect("everything", everythingServer()), {
      server: "everything",
    });
    for (const name of FEATURE_TOOLS) {
      expect(registry.get(name)?.toolset).toBe("mcp-everything");
    }
    expect(registry.get("mcp_everything_read_resource")?.source).toEqual({
      server: "everything",
      tool: "read_resource",
    });

    const listed = await registry.dispatch("mcp_everything_list_resources", {});
    expect(listed.isError).toBeUndefined();
    expect(text(listed)).toContain("demo://resource/static/document/architecture.md");
    expect(text(listed)).toContain("demo://resource/dynamic/text/{resourceId}");

    const read = await registry.dispatch("mcp_everything_read_resource", {
      uri: "demo://resource/static/document/architecture.md",
    });
    expect(read.content[0]).toMatchObject({
      type: "resource",
      resource: {
        uri: "demo://resource/static/document/architecture.md",
        mimeType: "text/markdown",
      },
    });
    const blob = await registry.dispatch("mcp_everything_read_resource", {
      uri: "demo://resource/dynamic/blob/3",
    });
    expect(blob.content[0]).toMatchObject({
      type: "resource",
      resource: { blob: expect.any(String) },
    });

    const prompts = await registry.dispatch("mcp_everything_list_prompts", {});
    expect(text(prompts)).toMatch(
      /args-prompt — Arguments Prompt: .*\[arguments: city \(Name of the city\), state\?\]/,
    );

    const prompt = await registry.dispatch("mcp_everything_get_prompt", {
      name: "args-prompt",
      arguments: { city: "Lyon" },
    });
    expect(text(prompt)).toContain("[user]");
    expect(text(prompt)).toContain("Lyon");
  });

  it("answers an error result the model can act on for an unknown prompt or a missing uri", async () => {
    const registry = new ToolRegistry();
    await registerServer(registry, await connect("everything", everythingServer()), {
      server: "everything",
    });
    const unknown = await registry.dispatch("mcp_everything_get_prompt", { name: "nope" });
    expect(unknown.isError).toBe(true);
    expect(text(unknown)).toContain("everything");
    const missing = await registry.dispatch("mcp_everything_read_resource", {});
    expect(missing.isError).toBe(true);
    expect(text(missing)).toMatch(/uri/);
  });

  it("follows include / exclude like any tool", async () => {
    const registry = new ToolRegistry();
    const registration = await registerServer(
      registry,
      await connect("everything", everythingServer()),
      { server: "everything", include: ["*_resource*", "echo"] },
    );
    expect(registration.registered.map((r) => r.name).sort()).toEqual([
      "mcp_everything_echo",
      "mcp_everything_list_resources",
      "mcp_everything_read_resource",
    ]);
    await registration.setFilter({ exclude: ["read_resource", "*prompt*"] });
    expect(registry.has("mcp_everything_read_resource")).toBe(false);
    expect(registry.has("mcp_everything_list_prompts")).toBe(false);
    expect(registry.has("mcp_everything_list_resources")).toBe(true);
  });

  it("registers none of them for a server without the capabilities", async () => {
    const registry = new ToolRegistry();
    const registration = await registerServer(registry, await connect("fx", fixtureServer({})), {
      server: "fx",
    });
    expect(registration.registered.some((r) => /resource|prompt/.test(r.name))).toBe(false);
  });

  it("lets a server's own tool of the same name win", async () => {
    const registry = new ToolRegistry();
    await registerServer(
      registry,
      await connect(
        "dyn",
        dynamicServer([{ name: "list_prompts", description: "the server's own" }]),
      ),
      { server: "dyn" },
    );
    expect(registry.get("mcp_dyn_list_prompts")?.description).toBe("the server's own");
  });
});
