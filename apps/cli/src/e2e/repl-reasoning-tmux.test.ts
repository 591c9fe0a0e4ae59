import {
  type ScriptedModelServer,
  startScriptedModelServer,
} from "@tinyloop/test-fixtures/model-server";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { cliBin, type Workspace, workspace } from "../__fixtures__/cli-harness.js";
import { tmuxPane } from "../__fixtures__/tmux-pane.js";

let ws: Workspace;
let model: ScriptedModelServer | undefined;
let session: string;

const pane = tmuxPane(() => session, { scrollback: true });
const { tmux, keys, waitFor } = pane;

beforeEach(() => {
  ws = workspace();
  session = `tinyloop-reasoning-${process.pid}-${Date.now()}`;
});
afterEach(async () => {
  pane.kill();
  await model?.close();
  model = undefined;
  expect(await ws.leftovers()).toEqual([]);
  ws.remove();
});

function start(args: string[], { color = false }: { color?: boolean } = {}): void {
  const command = [process.execPath, cliBin, ...args].map((a) => `'${a}'`).join(" ");
  const env = color ? "env -u NO_COLOR" : "NO_COLOR=1";
  const line = `${env} ${command}; echo EXIT=$?; sleep 60`;
  tmux("new-session", "-d", "-x", "160", "-y", "40", "-s", session, "-c", ws.dir, line);
}

describe("a reasoning model in the REPL, in a real terminal", () => {
  it("shows one collapsed line per turn, /reasoning hide hides it, /reasoning show streams it all", async () => {
    // A Qwen-style model under --tool-format hermes, thinking in <think> before each answer;
    // the first thought holds escape sequences that would colour the terminal red.
    model = await startScriptedModelServer({
      script: [
        { text: "<think>Greet back, \u001b[31mred\u001b[0m and polite.</think>Hello there." },
        { text: "<think>Second thought, kept out of sight.</think>Bye now." },
        { text: "<think>Third thought, in full.\nWith a second line.</think>Shown in full." },
      ],
    });
    ws.write({ ".mcp.json": JSON.stringify({ mcpServers: { fx: ws.fixture() } }) });
    start([
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
    expect(tmux("capture-pane", "-p", "-e", "-t", session)).not.toContain("\u001b[31m");

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
    model = await startScriptedModelServer({
      script: [{ text: "<think>A quiet thought.</think>Loud answer." }],
    });
    ws.write({ ".mcp.json": JSON.stringify({ mcpServers: { fx: ws.fixture() } }) });
    start(
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
    const styled = tmux("capture-pane", "-p", "-e", "-t", session);
    expect(styled).toContain("\u001b[2m▸ thinking: A quiet thought. (16 chars)");
    // The answer itself is not dim.
    expect(styled).not.toMatch(/\u001b\[2m[^\n]*Loud answer\./);
  });
});
