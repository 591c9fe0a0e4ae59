import { describeNeeding, TMUX } from "@tinyloop/test-fixtures/outside-programs";
import { expect, it } from "vitest";
import { runCli } from "../__fixtures__/cli-harness.js";
import { useTmuxRepl } from "../__fixtures__/tmux-repl.js";

const repl = useTmuxRepl("md", { columns: 100, rows: 50, scrollback: true });
const { pane } = repl;

const ANSWER = [
  "# Results",
  "",
  "The **answer** is below.",
  "",
  "| name | size |",
  "|------|------|",
  "| a.txt | 12 |",
  "",
  "```js",
  "const total = 12;",
  "",
  "console.log(total);",
  "```",
  "",
  "- first point",
  "- second point",
  "",
].join("\n");

describeNeeding(TMUX)("Markdown in answers", () => {
  it("is rendered in a colour terminal, a block at a time as it streams", async () => {
    await repl.withModel([{ text: ANSWER, chunkSize: 7 }]);
    repl.ws.write({ ".mcp.json": JSON.stringify({ mcpServers: { fx: repl.ws.fixture() } }) });
    repl.startCli(["run", ".mcp.json", ...repl.modelFlags()], {
      color: true,
      env: { FORCE_COLOR: "1" },
    });
    await pane.waitFor((s) => /^›/m.test(s), "the prompt");
    pane.keys("show me", "Enter");
    const shown = await pane.waitFor(
      (s) => s.includes("second point") && /^›\s*$/m.test(s.split("show me")[1] ?? ""),
      "the answer",
    );
    const answer = shown.split("show me")[1] ?? "";
    expect(answer).toContain("Results");
    expect(answer).not.toContain("# Results");
    expect(answer).toContain("The answer is below.");
    expect(answer).not.toContain("**");
    expect(answer).toMatch(/a\.txt\s*│\s*12/);
    expect(answer).not.toContain("|------|");
    expect(answer).toContain("const total = 12;");
    expect(answer).toContain("console.log(total);");
    expect(answer).not.toContain("```");
  });

  it("stays plain text in a pipe and with NO_COLOR", async () => {
    const model = await repl.withModel([{ text: ANSWER }]);
    repl.ws.write({ ".mcp.json": JSON.stringify({ mcpServers: { fx: repl.ws.fixture() } }) });
    const r = await runCli(
      ["run", ".mcp.json", "-p", "show me", "--endpoint-url", model.baseURL, "--model", "scripted"],
      { cwd: repl.ws.dir, env: { FORCE_COLOR: "1" } },
    );
    expect(r.exitCode).toBe(0);
    expect(r.stdout).toBe(ANSWER.trimEnd());
  });
});
