import { describe, expect, it } from "vitest";
import { runCli } from "../__fixtures__/cli-harness.js";
import { json, useE2eSession } from "../__fixtures__/e2e-session.js";

const s = useE2eSession();

/** The user message the model received in its first request. */
const firstUserMessage = () => {
  const body = s.model?.requests[0]?.body as {
    messages: Array<{ role: string; content: unknown }>;
  };
  return body.messages.find((m) => m.role === "user")?.content;
};

describe("one-shot with a pipe", () => {
  it("cat log | run -p TEXT sends the piped text, a blank line, then TEXT", async () => {
    await s.withModel([{ text: "Two lines, one error." }]);
    s.ws.write({ ".mcp.json": json({ mcpServers: { fixture: s.ws.fixture() } }) });
    const r = await runCli(["run", ".mcp.json", "-p", "summarise", ...s.modelFlags()], {
      cwd: s.ws.dir,
      input: "12:00 started\n12:01 error: disk full\n",
    });
    expect(r.exitCode).toBe(0);
    expect(r.stdout).toBe("Two lines, one error.");
    expect(firstUserMessage()).toBe("12:00 started\n12:01 error: disk full\n\nsummarise");
  });

  it("-p - reads the whole prompt from the pipe", async () => {
    await s.withModel([{ text: "4" }]);
    s.ws.write({ ".mcp.json": json({ mcpServers: { fixture: s.ws.fixture() } }) });
    const r = await runCli(["run", ".mcp.json", "-p", "-", ...s.modelFlags()], {
      cwd: s.ws.dir,
      input: "what is 2+2?\nanswer with a digit\n",
    });
    expect(r.exitCode).toBe(0);
    expect(r.stdout).toBe("4");
    expect(firstUserMessage()).toBe("what is 2+2?\nanswer with a digit\n");
  });

  it("-p - with nothing piped is a usage error (exit 2) that shows how to pipe a prompt", async () => {
    await s.withModel([]);
    s.ws.write({ ".mcp.json": json({ mcpServers: { fixture: s.ws.fixture() } }) });
    const r = await runCli(["run", ".mcp.json", "-p", "-", ...s.modelFlags()], {
      cwd: s.ws.dir,
      input: "",
    });
    expect(r.exitCode).toBe(2);
    expect(r.stderr).toContain(
      '-p -: expected the prompt on stdin, got nothing; pipe it in, e.g. echo "summarise" | tinyloop run AGENT -p -',
    );
    expect(s.model?.requests).toHaveLength(0);
  });
});
