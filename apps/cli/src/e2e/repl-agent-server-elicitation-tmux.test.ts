import { createRequire } from "node:module";
import {
  type ScriptedModelServer,
  startScriptedModelServer,
} from "@tinyloop/test-fixtures/model-server";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { cliBin, type Workspace, workspace } from "../__fixtures__/cli-harness.js";
import { tmuxPane } from "../__fixtures__/tmux-pane.js";

// A parent agent at the REPL (a real terminal: tmux) uses a child agent as its server
// (`{ "agent": "./child" }`, run as `tinyloop mcp serve`); the child's own MCP server (the
// reference "everything" server) asks an elicitation form. The child passes it on to its
// caller, the parent's MCP client; the parent's REPL asks its user; the answer goes back down.

const everythingPath = createRequire(import.meta.url).resolve(
  "@modelcontextprotocol/server-everything/dist/index.js",
);

let ws: Workspace;
let model: ScriptedModelServer | undefined;
let session: string;

const pane = tmuxPane(() => session, { scrollback: true });
const { tmux, keys, waitFor } = pane;

/** Types `answer` once the screen's last question line contains `question`. */
async function answer(question: string, text: string): Promise<void> {
  await waitFor((s) => (s.trimEnd().split("\n").at(-1) ?? "").includes(question), question);
  if (text) keys(text);
  keys("Enter");
}

beforeEach(() => {
  ws = workspace();
  session = `tinyloop-agent-elicit-${process.pid}-${Date.now()}`;
});
afterEach(async () => {
  pane.kill();
  await model?.close();
  expect(await ws.leftovers()).toEqual([]);
  ws.remove();
});

describe("a child agent's server asking the parent's user", () => {
  it("the child's server's elicitation form is asked at the parent's REPL and the answer flows back down", async () => {
    // One scripted model serves both agents, in the order they ask it.
    model = await startScriptedModelServer({
      script: [
        { toolCalls: [{ name: "mcp_child_ask_child", arguments: { task: "fill the form" } }] },
        { toolCalls: [{ name: "mcp_everything_trigger-elicitation-request", arguments: {} }] },
        { text: "The child's form is filled." },
        { text: "Parent: the child filled the form." },
      ],
    });
    ws.write({
      "child/agent.json": JSON.stringify({
        model: "scripted",
        endpointUrl: model.baseURL,
        approval: "never",
        endWhen: "text",
        servers: [
          {
            type: "stdio",
            command: process.execPath,
            args: [everythingPath, "stdio"],
            env: ws.markerEnv,
          },
        ],
      }),
      "mcp.json": JSON.stringify({ mcpServers: { child: { agent: "./child" } } }),
    });
    const command = [process.execPath, cliBin, "run", "mcp.json", "--yes", "--end-when", "text"]
      .concat(["--endpoint-url", model.baseURL, "--model", "scripted"])
      .map((a) => `'${a}'`)
      .join(" ");
    tmux(
      "new-session",
      "-d",
      "-x",
      "200",
      "-y",
      "50",
      "-s",
      session,
      "-c",
      ws.dir,
      `NO_COLOR=1 ${command}; echo EXIT=$?; sleep 60`,
    );
    await waitFor((s) => s.includes("connected 1/1 servers") && /^›/m.test(s), "the prompt");

    keys("ask the child", "Enter");
    // The child's server asked its caller (the child), which asked its own caller (the parent).
    await answer("server child asks: Please provide inputs", "y");
    await answer("String — Your full, legal name", "Ada");
    await answer("Boolean (optional) — Agree to the terms and conditions [y / n]", "y");
    await answer('(default: "It was a dark and stormy night.")', "");
    await answer("String with email format (optional)", "");
    await answer("String with uri format (optional)", "");
    await answer("String with date format (optional)", "");
    await answer("Integer (optional)", "");
    await answer("Number in range 1-1000 (optional)", "7");
    await answer("Untitled Single Select Enum (optional)", "");
    await answer("Untitled Multiple Select Enum (optional)", "");
    await answer("[hero-1 = Superman / hero-2 = Green Lantern / hero-3 = Wonder Woman]", "hero-3");
    await answer("Titled Multiple Select Enum (optional)", "");
    await answer("[pet-1 = Cats / pet-2 = Dogs", "");
    await waitFor(
      (s) => s.includes("Parent: the child filled the form."),
      "the parent's answer after the child's",
    );
    // The child's model read what the parent's user typed, as the everything server got it.
    const childRead = JSON.stringify(model.requests[2]?.body);
    expect(childRead).toContain("Name: Ada");
    expect(childRead).toContain("Agreed to terms: true");
    expect(childRead).toContain("Favorite Number: 7");
    expect(childRead).toContain("hero-3");
    // And the parent's model read the child's answer.
    expect(JSON.stringify(model.requests[3]?.body)).toContain("The child's form is filled.");

    keys("C-d");
    const end = await waitFor((s) => s.includes("EXIT="), "the exit");
    expect(end).toContain("EXIT=0");
  });
});
