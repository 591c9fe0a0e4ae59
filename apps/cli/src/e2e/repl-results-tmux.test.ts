import { describeNeeding, TMUX } from "@tinyloop/test-fixtures/outside-programs";
import { expect, it } from "vitest";
import { useTmuxRepl } from "../__fixtures__/tmux-repl.js";

const repl = useTmuxRepl("results", { columns: 120, rows: 40 });
const { keys, waitFor } = repl.pane;

describeNeeding(TMUX)("/results in the REPL", () => {
  it("switches tool results between one line and whole, and refuses another word", async () => {
    const echo = {
      toolCalls: [{ name: "mcp_fx_echo", arguments: { text: "alpha\nbeta\ngamma" } }],
    };
    await repl.withModel([echo, { text: "first answer" }, echo, { text: "second answer" }]);
    repl.ws.write({ ".mcp.json": JSON.stringify({ mcpServers: { fx: repl.ws.fixture() } }) });
    repl.startCli(["run", ".mcp.json", ...repl.modelFlags()]);
    await waitFor((s) => s.includes("connected 1/1 servers") && /^›/m.test(s), "the prompt");

    keys("one", "Enter");
    const short = await waitFor((s) => s.includes("first answer"), "the first answer");
    expect(short).toMatch(/✓ mcp_fx_echo \S+ · alpha beta gamma$/m);

    keys("/results loud", "Enter");
    await waitFor(
      (s) => s.includes('/results: expected full or short, got "loud" (example: /results full)'),
      "the refusal",
    );
    keys("/results full", "Enter");
    await waitFor((s) => s.includes("tool results are shown whole"), "the switch");
    keys("two", "Enter");
    const full = await waitFor((s) => s.includes("second answer"), "the second answer");
    expect(full).toMatch(/✓ mcp_fx_echo \S+\nalpha\nbeta\ngamma\n/);
    keys("C-d");
  });
});
