import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { AgentFileError } from "./agent-file-error.js";
import { MAX_NESTING_DEPTH } from "./nesting-limit.js";
import { readAgentFile } from "./read-agent-file.js";

let dir = "";
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), "config-bombs-"));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

/** Writes `text` as `name` and returns the AgentFileError reading it throws. */
async function refusal(name: string, text: string): Promise<AgentFileError> {
  const file = join(dir, name);
  writeFileSync(file, text);
  const error = await readAgentFile(file, { env: {} }).catch((caught: unknown) => caught);
  if (!AgentFileError.isInstance(error))
    throw new Error(`expected an AgentFileError, got ${String(error)}`);
  return error;
}

describe("config bombs", () => {
  it("JSON nested 100,000 deep: PARSE_ERROR at the bracket past the limit, not a stack overflow", async () => {
    const error = await refusal(
      ".mcp.json",
      `{"mcpServers": ${"[".repeat(100_000)}${"]".repeat(100_000)}}`,
    );
    expect(error.code).toBe("PARSE_ERROR");
    expect(error.message.split("\n")[0]).toBe(
      `${join(dir, ".mcp.json")}:1:${16 + MAX_NESTING_DEPTH - 1}: nests objects and arrays more than 100 levels deep, the most a config file may; is this the right file?`,
    );
  });

  it("JSON nested within the limit is read", async () => {
    const deep = `${'{"a":'.repeat(90)}1${"}".repeat(90)}`;
    const file = join(dir, ".mcp.json");
    writeFileSync(file, `{"mcpServers": {"x": {"command": "node", "env": {}}}, "extra": ${deep}}`);
    expect((await readAgentFile(file, { env: {} })).servers).toHaveLength(1);
  });

  it("YAML nested 100,000 deep: PARSE_ERROR with the position", async () => {
    const error = await refusal("config.yaml", `mcp_servers: ${"[".repeat(100_000)}\n`);
    expect(error.code).toBe("PARSE_ERROR");
    expect(error.message.split("\n")[0]).toBe(
      `${join(dir, "config.yaml")}:1:${14 + MAX_NESTING_DEPTH}: nests objects and arrays more than 100 levels deep, the most a config file may; is this the right file?`,
    );
  });

  it("a YAML alias bomb: PARSE_ERROR naming the file, the alias and the limit", async () => {
    const levels = ["a: &a [x, x, x, x, x, x, x, x, x]"];
    for (const [from, to] of [
      ["a", "b"],
      ["b", "c"],
      ["c", "d"],
      ["d", "e"],
      ["e", "f"],
    ]) {
      levels.push(`${to}: &${to} [${Array(9).fill(`*${from}`).join(", ")}]`);
    }
    const error = await refusal("config.yaml", `${levels.join("\n")}\nmcp_servers: {}\n`);
    expect(error.code).toBe("PARSE_ERROR");
    expect(error.message.split("\n")[0]).toBe(
      `${join(dir, "config.yaml")}:2:8: aliases (*a and others) expand to more than 100 copies, the limit that guards against alias bombs; write the values out or share fewer of them`,
    );
  });

  it("an unresolved YAML alias: PARSE_ERROR at the alias", async () => {
    const error = await refusal("config.yaml", "mcp_servers:\n  files:\n    command: *nope\n");
    expect(error.code).toBe("PARSE_ERROR");
    expect(error.message.split("\n")[0]).toBe(
      `${join(dir, "config.yaml")}:3:14: the alias *nope refers to no anchor: define &nope on a value before using *nope`,
    );
  });
});
