import {
  type ScriptedModelServer,
  startScriptedModelServer,
} from "@tinyloop/test-fixtures/model-server";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { cliBin, runCli, type Workspace, workspace } from "../__fixtures__/cli-harness.js";
import { tmuxPane } from "../__fixtures__/tmux-pane.js";

let ws: Workspace;
let model: ScriptedModelServer | undefined;
let session: string;
const pane = tmuxPane(() => session, { scrollback: true });

beforeEach(() => {
  ws = workspace();
  session = `tinyloop-md-${process.pid}-${Date.now()}`;
});
afterEach(async () => {
  pane.kill();
  await model?.close();
  model = undefined;
  expect(await ws.leftovers()).toEqual([]);
  ws.remove();
});

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

describe("Markdown in answers", () => {
  it("is rendered in a colour terminal, a block at a time as it streams", async () => {
    model = await startScriptedModelServer({ script: [{ text: ANSWER, chunkSize: 7 }] });
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
    pane.tmux(
      "new-session",
      "-d",
      "-x",
      "100",
      "-y",
      "50",
      "-s",
      session,
      "-c",
      ws.dir,
      `env -u NO_COLOR FORCE_COLOR=1 ${command}; sleep 60`,
    );
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
    model = await startScriptedModelServer({ script: [{ text: ANSWER }] });
    ws.write({ ".mcp.json": JSON.stringify({ mcpServers: { fx: ws.fixture() } }) });
    const r = await runCli(
      ["run", ".mcp.json", "-p", "show me", "--endpoint-url", model.baseURL, "--model", "scripted"],
      { cwd: ws.dir, env: { FORCE_COLOR: "1" } },
    );
    expect(r.exitCode).toBe(0);
    expect(r.stdout).toBe(ANSWER.trimEnd());
  });
});
