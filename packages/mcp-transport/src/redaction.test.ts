import { startEchoHeadersServer } from "@tinyloop/test-fixtures/hostile-server";
import { fixtureServer } from "@tinyloop/test-fixtures/mcp-server";
import { useProcessGuard } from "@tinyloop/test-fixtures/process-guard";
import { describe, expect, it } from "vitest";
import { rejection } from "./__fixtures__/helpers.js";
import { TRANSPORT_PROCESS_WAITS } from "./__fixtures__/process-waits.js";
import { connectServer } from "./connect-server.js";
import type { McpTransportError } from "./errors.js";
import { parseServerConfig } from "./parse-server-config.js";

const guard = useProcessGuard(TRANSPORT_PROCESS_WAITS);
const TOKEN = "tok-SECRET-1234567890";
const HEADER_SECRET = "hdr-SECRET-abcdef";
const QUERY_SECRET = "qry-SECRET-zyxwvu";

/** Every text a person could see about an error: message, stack, tail, the cause chain. */
function everyText(error: unknown): string {
  const parts: string[] = [];
  for (let current = error, depth = 0; current && depth < 10; depth++) {
    const e = current as Partial<McpTransportError> & { stack?: string };
    parts.push(String(e.message), String(e.stack), ...(e.stderrTail ?? []));
    current = (current as { cause?: unknown }).cause;
  }
  return parts.join("\n");
}

describe("secrets never leave mcp-transport unmasked", () => {
  it.each([401, 403, 404, 500])(
    "a server echoing the request headers in an HTTP %i body leaks no header value or URL token",
    async (status) => {
      const server = await startEchoHeadersServer(status, guard.env());
      guard.defer(() => server.close());
      const lines: string[] = [];
      const error = await rejection(
        connectServer(
          "echo",
          {
            url: `${server.url}?token=${QUERY_SECRET}`,
            headers: { Authorization: `Bearer ${TOKEN}`, "X-Api-Key": HEADER_SECRET },
          },
          {
            onLog: (line) => lines.push(line),
            reconnect: { initialRetries: 1, baseDelayMs: 10, maxDelayMs: 20 },
          },
        ),
      );
      expect(["AUTH", "HTTP_STATUS", "PROTOCOL"]).toContain(error.code);
      const seen = `${lines.join("\n")}\n${everyText(error)}`;
      // The server did echo them (the body is in the logs), but masked.
      if (status !== 401 && status !== 403) expect(seen).toContain("***");
      for (const secret of [TOKEN, HEADER_SECRET, QUERY_SECRET]) expect(seen).not.toContain(secret);
      // The URL is named as redactUrl prints it: the parameter's name kept, its value masked.
      expect(error.message).toContain(`${server.url}?token=***`);
    },
  );

  it("masks env values a stdio server prints on stderr (message, tail, cause chain)", async () => {
    const secret = "env-SECRET-value-42";
    const { command, args } = fixtureServer({
      stderrLines: [`starting with key ${secret}`],
      exitOnStart: 1,
    });
    const error = await rejection(
      connectServer(
        "leaky",
        { command, args, env: { ...guard.env(), MY_KEY: secret } },
        { reconnect: { initialRetries: 0 } },
      ),
    );
    expect(error.code).toBe("SERVER_EXITED");
    expect(error.message).toContain("starting with key ***");
    expect(everyText(error)).not.toContain(secret);
  });

  it("rejects credentials in a server URL at parse time, printing the URL masked", async () => {
    const lines: string[] = [];
    const url = "http://user:pa55word@127.0.0.1:9/mcp?token=abc123";
    const error = await rejection(
      connectServer("creds", { url }, { onLog: (line) => lines.push(line) }),
    );
    expect(error.code).toBe("CONFIG_INVALID");
    expect(error.message).toContain("creds.url: the URL http://***:***@127.0.0.1:9/mcp?token=***");
    expect(error.message).toContain("holds credentials");
    expect(error.message).not.toContain("pa55word");
    expect(lines).toEqual([]); // nothing was tried, so nothing was retried
    expect(() => parseServerConfig({ url: "https://me@example.com/mcp" }, "servers.x")).toThrow(
      /servers\.x\.url: the URL https:\/\/\*\*\*@example\.com\/mcp holds credentials/,
    );
  });
});
