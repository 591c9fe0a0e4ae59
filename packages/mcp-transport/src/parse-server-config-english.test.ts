import { englishErrors } from "@tinyloop/errors/zod";
import { describe, expect, it } from "vitest";
import * as z from "zod/mini";
import { configSchemas } from "./config-schema.js";
import { parseServerConfig } from "./parse-server-config.js";

// This file must never load classic `zod` (not even through an import of an import): classic
// zod installs English globally, and then these tests would pass without `englishErrors()`.

function messageOf(input: unknown): string {
  try {
    parseServerConfig(input, "servers.x");
  } catch (error) {
    return (error as Error).message;
  }
  throw new Error("expected parseServerConfig to throw");
}

describe("zod's own messages are English without classic zod", () => {
  it("runs in a process where zod has no global locale", () => {
    // The precondition of the tests below: were it false, they could not fail.
    expect(z.config().localeError).toBeUndefined();
  });

  it("parseServerConfig words bounds itself and zod's other issues in English", () => {
    expect(
      messageOf({ url: "https://example.com/mcp", oauth: { callbackPort: 70_000 } }),
    ).toContain(
      "servers.x.oauth.callbackPort: expected a number of 65535 or less, got a number (70000)",
    );
    expect(messageOf({ command: "node", timeouts: { connectMs: 2 ** 60 } })).toContain(
      "servers.x.timeouts.connectMs: expected a whole number of 9007199254740991 or less",
    );
    expect(messageOf({ command: "node", env: { "A\0B": "x" } })).toContain(
      'servers.x.env["A\\u0000B"]: Invalid key in record',
    );
  });

  it("leaves zod's global config of the process alone", () => {
    messageOf({ url: "https://example.com/mcp", oauth: { callbackPort: 0 } });
    expect(z.config().localeError).toBeUndefined();
    // A parse without our options still gets zod/mini's bare default.
    const result = configSchemas.oauth().safeParse({ callbackPort: 70_000 });
    expect(result.error?.issues[0]?.message).toBe("Invalid input");
    const english = configSchemas
      .oauth()
      .safeParse({ callbackPort: 70_000 }, { error: englishErrors() });
    expect(english.error?.issues[0]?.message).toBe("a number of 65535 or less");
  });
});
