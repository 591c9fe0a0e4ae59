import { englishErrors } from "@tinyloop/errors/zod";
import { describe, expect, it } from "vitest";
// zod/mini only, on purpose: classic "zod" installs English globally when it loads, and then
// these tests could not tell whether our parses bring the English locale themselves. Nothing
// this file imports may load classic zod (the first test checks that).
import * as z from "zod/mini";
import { AgentFileError } from "./agent-file-error.js";
import { readServerMap } from "./formats/server-map.js";
import { parseJsonc } from "./parse-jsonc.js";
import { ProblemList } from "./problem-list.js";

/** The message of the error that reading `.mcp.json` with `text` throws. */
function errorOf(text: string): string {
  try {
    const problems = new ProblemList();
    readServerMap(
      parseJsonc(".mcp.json", text),
      { format: "mcp-servers", at: ["mcpServers"] },
      () => {},
      problems,
    );
    problems.throwAll();
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
    const url = z.safeParse(z.url(), "not a url", { error: englishErrors() });
    expect(url.error?.issues[0]?.message).toBe("Invalid URL");
    expect(errorOf('{ "model": "", "mcpServers": {} }')).toContain(
      "model: expected a non-empty string, got an empty string",
    );
  });

  it("say a bound in plain words, with the unit where the key has one", () => {
    expect(errorOf('{ "mcpServers": { "files": { "command": "npx", "timeout": -1 } } }')).toContain(
      "mcpServers.files.timeout: expected a number of seconds more than 0, got a number (-1)",
    );
    expect(errorOf('{ "maxTurns": 0, "mcpServers": {} }')).toContain(
      "maxTurns: expected a whole number more than 0, got a number (0)",
    );
  });

  it("do not say 'expected' twice when our own text starts with it", () => {
    const message = errorOf('{ "mcpServers": { "files": { "command": "" } } }');
    expect(message).toContain(
      "mcpServers.files.command: expected a command to run, got an empty string",
    );
    expect(message).not.toContain("expected expected");
  });

  it("leave zod's global config alone", () => {
    errorOf('{ "mcpServers": { "files": { "command": "npx", "timeout": 0 } } }');
    expect(z.config().localeError).toBeUndefined();
  });
});
