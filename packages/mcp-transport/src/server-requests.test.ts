import { useProcessGuard } from "@tinyloop/test-fixtures/process-guard";
import { describe, expect, it } from "vitest";
import { rejection } from "./__fixtures__/helpers.js";
import { TRANSPORT_PROCESS_WAITS } from "./__fixtures__/process-waits.js";
import { everythingPath } from "./__fixtures__/real-servers.js";
import { connectServer } from "./connect-server.js";

const guard = useProcessGuard(TRANSPORT_PROCESS_WAITS);

async function everything() {
  return guard.track(
    await connectServer(
      "everything",
      { command: process.execPath, args: [everythingPath, "stdio"], env: guard.env() },
      { reconnect: { initialRetries: 0 } },
    ),
  );
}

describe("resources and prompts (server-everything over stdio)", () => {
  it("lists resources and templates, and reads text and blob resources", async () => {
    const connection = await everything();
    const resources = await connection.listResources();
    expect(resources.length).toBeGreaterThan(0);
    const doc = resources.find((r) => r.uri.endsWith("architecture.md"));
    expect(doc?.mimeType).toBe("text/markdown");
    const [text] = await connection.readResource(doc?.uri ?? "");
    expect(text && "text" in text ? text.text : "").toContain("Architecture");

    const templates = await connection.listResourceTemplates();
    const blobTemplate = templates.find((t) => t.uriTemplate.includes("/blob/"));
    expect(blobTemplate).toBeDefined();
    const [blob] = await connection.readResource("demo://resource/dynamic/blob/7");
    expect(blob && "blob" in blob ? Buffer.from(blob.blob, "base64").length : 0).toBeGreaterThan(0);
  });

  it("lists prompts and gets one with arguments", async () => {
    const connection = await everything();
    const prompts = await connection.listPrompts();
    const args = prompts.find((p) => p.name === "args-prompt");
    expect(args?.arguments?.map((a) => a.name)).toEqual(["city", "state"]);
    const result = await connection.getPrompt("args-prompt", { city: "Lyon" });
    const first = result.messages[0]?.content;
    expect(first?.type === "text" ? first.text : "").toContain("Lyon");
  });

  it("rejects an unknown prompt with RPC_ERROR naming the server and method", async () => {
    const connection = await everything();
    const error = await rejection(connection.getPrompt("no-such-prompt"));
    expect(error.code).toBe("RPC_ERROR");
    expect(error.message).toMatch(/Server "everything" answered prompts\/get with error/);
  });

  it("rejects with ABORTED when the signal is already aborted", async () => {
    const connection = await everything();
    const controller = new AbortController();
    controller.abort();
    const error = await rejection(connection.listResources({ signal: controller.signal }));
    expect(error.code).toBe("ABORTED");
  });
});
