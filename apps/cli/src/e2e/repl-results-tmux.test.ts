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
const pane = tmuxPane(() => session);
const { tmux, keys, waitFor } = pane;

beforeEach(() => {
  ws = workspace();
  session = `tinyloop-results-${process.pid}-${Date.now()}`;
});
afterEach(async () => {
  pane.kill();
  await model?.close();
  expect(await ws.leftovers()).toEqual([]);
  ws.remove();
});

describe("/results in the REPL", () => {
  it("switches tool results between one line and whole, and refuses another word", async () => {
    const echo = {
      toolCalls: [{ name: "mcp_fx_echo", arguments: { text: "alpha\nbeta\ngamma" } }],
    };
    model = await startScriptedModelServer({
      script: [echo, { text: "first answer" }, echo, { text: "second answer" }],
    });
    ws.write({ ".mcp.json": JSON.stringify({ mcpServers: { fx: ws.fixture() } }) });
    const command = [
      process.execPath,
      cliBin,
      "run",
      ".mcp.json",
      "--endpoint-url",
      model.baseURL,
      "--model",
      "scripted",
    ]
      .map((a) => `'${a}'`)
      .join(" ");
    tmux(
      "new-session",
      "-d",
      "-x",
      "120",
      "-y",
      "40",
      "-s",
      session,
      "-c",
      ws.dir,
      `NO_COLOR=1 ${command}; sleep 60`,
    );
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
