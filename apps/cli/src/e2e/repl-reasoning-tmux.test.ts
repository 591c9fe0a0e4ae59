import { describeNeeding, TMUX } from "@tinyloop/test-fixtures/outside-programs";
import { expect, it } from "vitest";
import { useTmuxRepl } from "../__fixtures__/tmux-repl.js";

const repl = useTmuxRepl("reasoning", { columns: 160, rows: 40, scrollback: true });
const { pane } = repl;
const { tmux, keys, waitFor } = pane;

describeNeeding(TMUX)("a reasoning model in the REPL, in a real terminal", () => {
  it("shows one collapsed line per turn, /reasoning hide hides it, /reasoning show streams it all", async () => {
    // A Qwen-style model under --tool-format hermes, thinking in <think> before each answer;
    // the first thought holds escape sequences that would colour the terminal red.
    const model = await repl.withModel([
      { text: "<think>Greet back, \u001b[31mred\u001b[0m and polite.</think>Hello there." },
      { text: "<think>Second thought, kept out of sight.</think>Bye now." },
      { text: "<think>Third thought, in full.\nWith a second line.</think>Shown in full." },
    ]);
    repl.ws.write({ ".mcp.json": JSON.stringify({ mcpServers: { fx: repl.ws.fixture() } }) });
    repl.startCli([
      "run",
      ".mcp.json",
      "--endpoint-url",
      model.baseURL,
      "--model",
      "scripted",
      "--tool-format",
      "hermes",
    ]);
    await waitFor((s) => s.includes("connected 1/1 servers") && /^›/m.test(s), "the prompt");

    keys("hi", "Enter");
    const first = await waitFor((s) => s.includes("Hello there."), "the first answer");
    const collapsed = "▸ thinking: Greet back, \\x1b[31mred\\x1b[0m and polite. (36 chars)";
    expect(first).toContain(collapsed);
    expect(first.indexOf(collapsed)).toBeLessThan(first.indexOf("Hello there."));
    expect(first).not.toContain("<think>");
    // The model's escape sequences were shown, not obeyed: nothing on screen is red.
    expect(tmux("capture-pane", "-p", "-e", "-t", repl.session())).not.toContain("\u001b[31m");

    keys("/reasoning hide", "Enter");
    await waitFor((s) => s.includes("reasoning: hidden"), "/reasoning hide");
    keys("again", "Enter");
    const second = await waitFor((s) => s.includes("Bye now."), "the second answer");
    expect(second).not.toContain("Second thought");
    expect(second.split("▸ thinking:").length - 1).toBe(1);

    keys("/reasoning show", "Enter");
    await waitFor((s) => s.includes("reasoning: shown in full"), "/reasoning show");
    keys("more", "Enter");
    const third = await waitFor((s) => s.includes("Shown in full."), "the third answer");
    expect(third).toContain(
      "▾ thinking\nThird thought, in full.\nWith a second line.\nShown in full.",
    );

    keys("C-d");
    expect(await waitFor((s) => s.includes("EXIT="), "the exit")).toContain("EXIT=0");
  });

  it("dims the collapsed line on a colour terminal", async () => {
    const model = await repl.withModel([{ text: "<think>A quiet thought.</think>Loud answer." }]);
    repl.ws.write({ ".mcp.json": JSON.stringify({ mcpServers: { fx: repl.ws.fixture() } }) });
    repl.startCli(
      [
        "run",
        ".mcp.json",
        "--endpoint-url",
        model.baseURL,
        "--model",
        "scripted",
        "--tool-format",
        "hermes",
      ],
      { color: true },
    );
    await waitFor((s) => /^›/m.test(s), "the prompt");
    keys("hi", "Enter");
    await waitFor((s) => s.includes("Loud answer."), "the answer");
    const styled = tmux("capture-pane", "-p", "-e", "-t", repl.session());
    expect(styled).toContain("\u001b[2m▸ thinking: A quiet thought. (16 chars)");
    // The answer itself is not dim.
    expect(styled).not.toMatch(/\u001b\[2m[^\n]*Loud answer\./);
  });
});
