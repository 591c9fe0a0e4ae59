import { describe, expect, it } from "vitest";
import { McpTransportError } from "./errors.js";
import { createSecretRedactor, maskSecrets, redactError } from "./secret-redactor.js";

const redact = maskSecrets(["s3cret-value"]);

describe("createSecretRedactor", () => {
  it("masks a stdio server's env values and leaves the rest of the text", () => {
    const redactor = createSecretRedactor({
      command: "node",
      env: { TOKEN: "tok-98765", LEVEL: "3" },
    });
    expect(redactor("auth with tok-98765 failed at level 3")).toBe(
      "auth with *** failed at level 3",
    );
  });

  it("prints the server's URL redacted, and masks its credentials where they stand alone", () => {
    const url = "https://bob:pa55word@mcp.test/mcp?key=qk-1234";
    const redactor = createSecretRedactor({ url });
    expect(redactor(`POST ${url} failed; pa55word was refused, key qk-1234`)).toBe(
      "POST https://***:***@mcp.test/mcp?key=*** failed; *** was refused, key ***",
    );
  });

  it("masks an Authorization header's credential alone and with its scheme, in any case", () => {
    const redactor = createSecretRedactor({
      url: "https://mcp.test/mcp",
      headers: { authorization: "token tk-abcdef", "x-api-key": "plain-key-1" },
    });
    expect(redactor("sent token tk-abcdef; echo: tk-abcdef; other: plain-key-1")).toBe(
      "sent ***; echo: ***; other: ***",
    );
  });

  it("returns text unchanged for a config with nothing secret in it", () => {
    const text = "https://mcp.test/mcp said no (token=1)";
    expect(createSecretRedactor({ url: "https://mcp.test/mcp" })(text)).toBe(text);
    expect(createSecretRedactor({ command: "node", env: { A: "1" } })(text)).toBe(text);
  });
});

describe("redactError", () => {
  it("returns a value that is not an McpTransportError as it is", () => {
    const plain = new Error("s3cret-value");
    expect(redactError(plain, redact)).toBe(plain);
    expect(redactError("s3cret-value", redact)).toBe("s3cret-value");
  });

  it("redacts the message and stderr tail and keeps every other field", () => {
    const error = new McpTransportError({
      code: "SERVER_EXITED",
      message: "died: s3cret-value",
      server: "fx",
      stderrTail: ["key=s3cret-value", "bye"],
      status: 500,
      rpcCode: -32000,
      exitCode: 3,
      signal: "SIGTERM",
      mayHaveRun: true,
    });
    const out = redactError(error, redact);
    expect(McpTransportError.isInstance(out)).toBe(true);
    expect({ ...out, message: out.message }).toEqual({
      name: "McpTransportError",
      code: "SERVER_EXITED",
      message: "died: ***",
      server: "fx",
      stderrTail: ["key=***", "bye"],
      status: 500,
      rpcCode: -32000,
      exitCode: 3,
      signal: "SIGTERM",
      mayHaveRun: true,
    });
    expect(out.cause).toBeUndefined();
  });

  it("redacts the cause chain: messages, string causes, nested transport errors; keeps name, code, status", () => {
    const root = Object.assign(new TypeError("fetch s3cret-value"), {
      code: "ECONNRESET",
      status: 502,
    });
    const middle = new Error("wrapped s3cret-value", { cause: root });
    const inner = new McpTransportError({
      code: "AUTH",
      message: "bad s3cret-value",
      cause: "body: s3cret-value",
    });
    const out = redactError(
      new McpTransportError({ code: "UNREACHABLE", message: "down", cause: middle }),
      redact,
    );
    const first = out.cause as Error;
    expect(first).not.toBe(middle);
    expect(first.message).toBe("wrapped ***");
    expect(first.stack).toBe("Error: wrapped ***");
    const second = first.cause as Error & { code?: string; status?: number };
    expect([second.name, second.message, second.code, second.status]).toEqual([
      "TypeError",
      "fetch ***",
      "ECONNRESET",
      502,
    ]);
    expect(second.stack).toBe("TypeError: fetch ***");
    expect(second.cause).toBeUndefined();
    expect("code" in first).toBe(false);

    const nested = redactError(
      new McpTransportError({ code: "AUTH", message: "x", cause: inner }),
      redact,
    );
    const copy = nested.cause as McpTransportError;
    expect(McpTransportError.isInstance(copy)).toBe(true);
    expect([copy.code, copy.message, copy.cause]).toEqual(["AUTH", "bad ***", "body: ***"]);
  });

  it("drops a cause that is neither an error nor a string, and cuts a chain after six errors", () => {
    const odd = redactError(
      new McpTransportError({ code: "PROTOCOL", message: "x", cause: { body: "s3cret-value" } }),
      redact,
    );
    expect(odd.cause).toBeUndefined();
    let chain: Error = new Error("level 8");
    for (let level = 7; level >= 1; level--) chain = new Error(`level ${level}`, { cause: chain });
    const out = redactError(
      new McpTransportError({ code: "PROTOCOL", message: "x", cause: chain }),
      redact,
    );
    const messages: string[] = [];
    for (let at = out.cause as Error | undefined; at; at = at.cause as Error | undefined) {
      messages.push(at.message);
    }
    expect(messages).toEqual(["level 1", "level 2", "level 3", "level 4", "level 5", "level 6"]);
  });
});
