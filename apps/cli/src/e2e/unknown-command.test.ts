import { describe, expect, it } from "vitest";
import { runCli } from "../__fixtures__/cli-harness.js";
import { json, useE2eSession } from "../__fixtures__/e2e-session.js";

const s = useE2eSession();

describe("tinyloop WORD", () => {
  it("says unknown command, with close names and the commands, when no such file or folder exists", async () => {
    const r = await runCli(["serv"], { cwd: s.ws.dir });
    expect(r.exitCode).toBe(2);
    expect(r.stderr).toContain(
      'unknown command "serv" (and no file or folder named serv here); did you mean serve? commands: run, serve,',
    );
    expect(r.stderr).toContain(
      "to run an agent give its folder or file, e.g. tinyloop run ./my-agent",
    );
    expect(r.stderr).not.toContain("no such file or folder;");
    const bogus = await runCli(["bogus"], { cwd: s.ws.dir });
    expect(bogus.stderr).toMatch(/^tinyloop: unknown command "bogus" .*; commands: run, serve, /m);
  });

  it("still runs an agent of that name, and run WORD (or a path) keeps the file error", async () => {
    s.ws.write({ "serv/.mcp.json": json({ mcpServers: {} }) });
    const folder = await runCli(["serv", "--model", "m"], { cwd: s.ws.dir });
    expect(folder.stderr).not.toContain("unknown command");
    const run = await runCli(["run", "bogus"], { cwd: s.ws.dir });
    expect(run.exitCode).toBe(2);
    expect(run.stderr).toContain("bogus: no such file or folder;");
    const path = await runCli(["./bogus.json"], { cwd: s.ws.dir });
    expect(path.stderr).toContain("no such file or folder;");
    expect(path.stderr).not.toContain("unknown command");
  });
});
