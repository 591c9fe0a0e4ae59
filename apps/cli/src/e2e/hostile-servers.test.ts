import { startEchoHeadersServer } from "@tinyloop/test-fixtures/hostile-server";
import { describe, expect, it } from "vitest";
import { runCli } from "../__fixtures__/cli-harness.js";
import { json, useE2eSession } from "../__fixtures__/e2e-session.js";

const s = useE2eSession();
const TOKEN = "tok-E2E-SECRET-0987654321";
const QUERY = "qry-E2E-SECRET-1234";

describe("secrets with hostile servers, through the binary", () => {
  it("--verbose and TINYLOOP_DEBUG never show a header value or URL token echoed by a 500 body", async () => {
    const echo = await startEchoHeadersServer(500);
    try {
      await s.withModel([{ text: "done" }]);
      s.ws.write({
        ".mcp.json": json({
          mcpServers: {
            echo: {
              url: `${echo.url}?token=${QUERY}`,
              headers: { Authorization: `Bearer ${TOKEN}` },
            },
          },
        }),
      });
      const r = await runCli(
        ["run", ".mcp.json", "-p", "hi", "--verbose", "--json", ...s.modelFlags()],
        {
          cwd: s.ws.dir,
          env: { TINYLOOP_DEBUG: "1" },
        },
      );
      const failed = r.stdout
        .split("\n")
        .filter(Boolean)
        .map((line) => JSON.parse(line) as { type: string; state?: string; reason?: string })
        .find((event) => event.type === "server" && event.state === "failed");
      expect(failed?.reason).toContain("HTTP 500");
      expect(r.stderr).toContain("Request refused"); // the echoed body was logged …
      expect(`${r.stdout}\n${r.stderr}`).not.toContain(TOKEN); // … with the secrets masked
      expect(`${r.stdout}\n${r.stderr}`).not.toContain(QUERY);
    } finally {
      await echo.close();
    }
  });

  it("a server URL with credentials is a config error (exit 2, nothing started), shown masked", async () => {
    await s.withModel([{ text: "done" }]);
    s.ws.write({
      ".mcp.json": json({
        mcpServers: { creds: { url: "http://alice:pa55word@127.0.0.1:9/mcp?token=abc123" } },
      }),
    });
    const r = await runCli(["run", ".mcp.json", "-p", "hi", ...s.modelFlags()], { cwd: s.ws.dir });
    // The agent file is refused when it is read, before any server or model is reached.
    expect(r.exitCode).toBe(2);
    expect(r.stderr).toMatch(
      /mcpServers\.creds\.url: the URL http:\/\/\*\*\*:\*\*\*@127\.0\.0\.1:9\/mcp\?token=\*\*\*/,
    );
    expect(r.stderr).toContain("holds credentials");
    expect(r.stderr).not.toMatch(/retry \d of/);
    expect(r.stderr).not.toContain("pa55word");
    expect(r.stderr).not.toContain("abc123");
  });
});
