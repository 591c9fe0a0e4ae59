import { describe, expect, it } from "vitest";
import { runCli } from "../__fixtures__/cli-harness.js";
import { json, useE2eSession } from "../__fixtures__/e2e-session.js";

const s = useE2eSession();

describe("credentials in --url and line breaks in headers are config errors (exit 2), found before anything starts", () => {
  it("run and mcp tools --url with user:password@ exit 2 naming --url, masked, with nothing started", async () => {
    await s.withModel([{ text: "never asked" }]);
    for (const args of [
      ["run", "-p", "hi", "--url", "http://me:pw-SECRET@127.0.0.1:9/mcp", ...s.modelFlags()],
      ["mcp", "tools", "--url", "http://me:pw-SECRET@127.0.0.1:9/mcp"],
    ]) {
      const r = await runCli(args, { cwd: s.ws.dir });
      expect(r.exitCode, args.join(" ")).toBe(2);
      expect(r.stderr).toContain('--url "http://***:***@127.0.0.1:9/mcp": the URL');
      expect(r.stderr).toContain("holds credentials");
      expect(r.stderr).not.toContain("connected");
      expect(`${r.stdout}${r.stderr}`).not.toContain("pw-SECRET");
    }
    expect(s.model?.requests ?? []).toEqual([]);
  });

  it("a CR/LF in a header value: config check and run exit 2 at the header's path, the value unshown", async () => {
    await s.withModel([{ text: "never asked" }]);
    s.ws.write({
      ".mcp.json": json({
        mcpServers: {
          local: s.ws.fixture(),
          api: {
            url: "http://127.0.0.1:9/mcp",
            headers: { "X-Api-Key": "hdr-SECRET\r\nX-Injected: 1" },
          },
        },
      }),
    });
    for (const args of [
      ["config", "check", ".mcp.json"],
      ["run", ".mcp.json", "-p", "hi", ...s.modelFlags()],
    ]) {
      const r = await runCli(args, { cwd: s.ws.dir });
      expect(r.exitCode, args.join(" ")).toBe(2);
      expect(r.stderr).toContain("headers.X-Api-Key");
      expect(r.stderr).toContain("must not contain a line break (CR or LF)");
      expect(r.stderr).not.toContain("connected");
      expect(`${r.stdout}${r.stderr}`).not.toContain("hdr-SECRET");
    }
    expect(s.model?.requests ?? []).toEqual([]);
  });

  it("a server's missing cwd: run and mcp tools exit 2 at the cwd before any server starts", async () => {
    await s.withModel([{ text: "never asked" }]);
    s.ws.write({
      ".mcp.json": json({
        mcpServers: { good: s.ws.fixture(), lost: { ...s.ws.fixture(), cwd: "./no-such-folder" } },
      }),
    });
    for (const args of [
      ["run", ".mcp.json", "-p", "hi", ...s.modelFlags()],
      ["mcp", "tools", ".mcp.json"],
    ]) {
      const r = await runCli(args, { cwd: s.ws.dir });
      expect(r.exitCode, args.join(" ")).toBe(2);
      expect(r.stderr).toContain("mcpServers.lost.cwd: the folder");
      expect(r.stderr).toContain("no-such-folder does not exist");
      expect(r.stderr).not.toContain("connect");
      // Commands not on PATH are config check's warnings only.
      expect(r.stderr).not.toContain("not on PATH");
    }
    expect(s.model?.requests ?? []).toEqual([]);
  });
});
