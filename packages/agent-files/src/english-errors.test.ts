import { describe, expect, it } from "vitest";
// zod/mini only, on purpose: classic "zod" installs English globally when it loads, and then
// these tests could not tell whether our parses bring the English locale themselves. Nothing
// this file imports may load classic zod (the first test checks that).
import * as z from "zod/mini";
import { AgentFileError } from "./agent-file-error.js";
import { readServerMap } from "./formats/server-map.js";
import { parseJsonc } from "./parse-jsonc.js";

/** The message of the error that reading `.mcp.json` with `text` throws. */
function errorOf(text: string): string {
  try {
    readServerMap(
      parseJsonc(".mcp.json", text),
      { format: "mcp-servers", at: ["mcpServers"] },
      () => {},
    );
  } catch (error) {
    if (AgentFileError.isInstance(error)) return error.message;
    throw error;
  }
  throw new Error("expected the file to be rejected");
}

describe("zod's messages in agent-file errors", () => {
  it("no locale is installed in this process (so the tests below can fail)", () => {
    expect(z.config().localeError).toBeUndefined();
  });

  it("are English although zod/mini installs no locale", () => {
    expect(errorOf('{ "mcpServers": { "files": { "command": "npx", "timeout": -1 } } }')).toContain(
      "mcpServers.files.timeout: expected Too small: expected number to be >0, got a number (-1)",
    );
    expect(errorOf('{ "model": "", "mcpServers": {} }')).toContain(
      "model: expected Too small: expected string to have >=1 characters, got an empty string",
    );
  });

  it("leave zod's global config alone", () => {
    errorOf('{ "mcpServers": { "files": { "command": "npx", "timeout": 0 } } }');
    expect(z.config().localeError).toBeUndefined();
  });
});
