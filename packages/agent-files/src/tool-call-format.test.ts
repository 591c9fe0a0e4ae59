import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { TEXT_TOOL_CALL_FORMATS } from "@tinyloop/inference-adapters/text-tool-calls";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { AgentFileError } from "./agent-file-error.js";
import { readAgentFile } from "./read-agent-file.js";
import { TOOL_CALL_FORMAT_CHOICES } from "./tool-call-format-setting.js";

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), "agent-files-tool-format-"));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

async function read(name: string, text: string) {
  mkdirSync(join(dir, name, ".."), { recursive: true });
  writeFileSync(join(dir, name), text);
  return readAgentFile(name, { cwd: dir, env: { PATH: "/usr/bin" } });
}

const server = { command: "node", args: ["s.js"] };

describe("toolCallFormat in agent files", () => {
  it("is read from every format that has a model section", async () => {
    const tiny = await read(
      "agent.json",
      JSON.stringify({
        model: "gemma3",
        toolCallFormat: "pythonic",
        servers: [{ type: "stdio", ...server }],
      }),
    );
    expect(tiny).toMatchObject({ format: "tiny-agents", toolCallFormat: "pythonic" });
    const claude = await read(
      ".mcp.json",
      JSON.stringify({ toolCallFormat: "hermes", mcpServers: { s: server } }),
    );
    expect(claude).toMatchObject({ format: "mcp-servers", toolCallFormat: "hermes" });
    const vscode = await read(
      ".vscode/mcp.json",
      JSON.stringify({ toolCallFormat: "native", servers: { s: { type: "stdio", ...server } } }),
    );
    expect(vscode).toMatchObject({ format: "vscode", toolCallFormat: "native" });
    const hermes = await read(
      "config.yaml",
      "model: qwen2.5\ntoolCallFormat: auto\nmcp_servers:\n  s:\n    command: node\n    args: [s.js]\n",
    );
    expect(hermes).toMatchObject({ format: "hermes", toolCallFormat: "auto" });
    expect([tiny, claude, vscode, hermes].flatMap((agent) => agent.warnings)).toEqual([]);
  });

  it("is left unset when the file does not say", async () => {
    const agent = await read(".mcp.json", JSON.stringify({ mcpServers: { s: server } }));
    expect(agent.toolCallFormat).toBeUndefined();
  });

  it("offers auto, native and every text format", () => {
    expect(TOOL_CALL_FORMAT_CHOICES).toEqual(["auto", "native", ...TEXT_TOOL_CALL_FORMATS]);
  });

  it("rejects an unknown value with the path, the choices and an example", async () => {
    const error = await read(
      ".mcp.json",
      JSON.stringify({ toolCallFormat: "chatml", mcpServers: { s: server } }),
    ).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(AgentFileError.isInstance(error)).toBe(true);
    expect((error as Error).message).toContain(
      `toolCallFormat: expected one of auto, native, hermes, qwen3-coder, llama3, pythonic, mistral, deepseek, gpt-oss, gemma4, functiongemma, kimi-k2, command-r7b, granite, phi-4-mini, functionary-v3.1, functionary-v3.2, firefunction-v2, generic (example: "toolCallFormat": "hermes"), got a string ("chatml")`,
    );
  });
});
