import { createRequire } from "node:module";
import { describe, expect, it } from "vitest";
import { runCli } from "../__fixtures__/cli-harness.js";
import { json, useE2eSession } from "../__fixtures__/e2e-session.js";

const s = useE2eSession();
const everythingPath = createRequire(import.meta.url).resolve(
  "@modelcontextprotocol/server-everything/dist/index.js",
);

/** An mcpServers file with server-everything (stdio) under the name `everything`. */
function writeAgent() {
  s.ws.write({
    ".mcp.json": json({
      mcpServers: {
        everything: {
          command: process.execPath,
          args: [everythingPath, "stdio"],
          env: s.ws.markerEnv,
        },
      },
    }),
  });
}

/** The text of the tool message the model got in request `index`. */
function toolMessageOf(index: number): string {
  const body = s.model?.requests[index]?.body as { messages: { role: string; content: unknown }[] };
  return JSON.stringify(body.messages.filter((m) => m.role === "tool"));
}

describe("what servers can ask of the CLI", () => {
  it("answers sampling with the agent's model under --yes, passing the server's prompt and limits", async () => {
    await s.withModel([
      {
        toolCalls: [
          {
            name: "mcp_everything_trigger-sampling-request",
            arguments: { prompt: "a haiku", maxTokens: 33 },
          },
        ],
      },
      { text: "Autumn moonlight falls" }, // the sampling request
      { text: "The server got its haiku." },
    ]);
    writeAgent();
    const r = await runCli(["run", ".mcp.json", "-p", "go", "--yes", ...s.modelFlags()], {
      cwd: s.ws.dir,
    });
    expect(r.exitCode, r.stderr).toBe(0);
    const sampling = s.model?.requests[1]?.body as {
      messages: { role: string; content: unknown }[];
      max_tokens?: number;
      max_completion_tokens?: number;
      tools?: unknown;
    };
    expect(sampling.messages[0]).toEqual({
      role: "system",
      content: "You are a helpful test server.",
    });
    expect(JSON.stringify(sampling.messages[1])).toContain("a haiku");
    expect(sampling.max_tokens ?? sampling.max_completion_tokens).toBe(33);
    expect(sampling.tools).toBeUndefined();
    expect(toolMessageOf(2)).toContain("Autumn moonlight falls");
  });

  it("refuses sampling without --yes when nobody can approve, saying how to allow it", async () => {
    await s.withModel([
      {
        toolCalls: [
          { name: "mcp_everything_trigger-sampling-request", arguments: { prompt: "x" } },
        ],
      },
      { text: "It was refused." },
      { text: "" }, // an agent.json's one more turn after the answer (endWhen two-texts)
    ]);
    // Tool calls need no approval here; the sampling request still does.
    s.ws.write({
      "agent.json": json({
        approval: "never",
        servers: [
          {
            type: "stdio",
            command: process.execPath,
            args: [everythingPath, "stdio"],
            env: s.ws.markerEnv,
          },
        ],
      }),
    });
    const r = await runCli(["run", "agent.json", "-p", "go", ...s.modelFlags()], {
      cwd: s.ws.dir,
    });
    // The tool turn, the answer and the extra turn: the model was not asked to sample.
    expect(s.model?.requests.length).toBe(3);
    expect(toolMessageOf(1)).toMatch(/run tinyloop with --yes/);
    expect(r.exitCode).toBe(0);
  });

  it("declines elicitation in one-shot without a terminal", async () => {
    await s.withModel([
      { toolCalls: [{ name: "mcp_everything_trigger-elicitation-request", arguments: {} }] },
      { text: "The user declined." },
    ]);
    writeAgent();
    const r = await runCli(["run", ".mcp.json", "-p", "go", "--yes", ...s.modelFlags()], {
      cwd: s.ws.dir,
    });
    expect(r.exitCode, r.stderr).toBe(0);
    expect(toolMessageOf(1)).toMatch(/declined/i);
  });

  it("offers the working folder as a root with the default agent, none with an agent file", async () => {
    const roots = { toolCalls: [{ name: "mcp_everything_get-roots-list", arguments: {} }] };
    await s.withModel([roots, { text: "done" }, roots, { text: "done" }]);
    const adHoc = await runCli(
      ["run", "-p", "go", "--yes", "--server", `node ${everythingPath} stdio`, ...s.modelFlags()],
      { cwd: s.ws.dir, env: s.ws.markerEnv },
    );
    expect(adHoc.exitCode, adHoc.stderr).toBe(0);
    expect(toolMessageOf(1)).toContain(`file://${s.ws.dir}`);
    writeAgent();
    const file = await runCli(["run", ".mcp.json", "-p", "go", "--yes", ...s.modelFlags()], {
      cwd: s.ws.dir,
    });
    expect(file.exitCode, file.stderr).toBe(0);
    expect(toolMessageOf(3)).not.toContain(`file://${s.ws.dir}`);
  });

  // The default agent offers roots; server-everything logs each roots list it fetches, and
  // get-roots-list makes sure it has fetched them before the run ends.
  const adHoc = ["--server", `node ${everythingPath} stdio`];
  const rootsCall = { toolCalls: [{ name: "mcp_everything_get-roots-list", arguments: {} }] };

  it("emits server logs as --json events", async () => {
    await s.withModel([rootsCall, { text: "done" }]);
    const r = await runCli(["run", "-p", "go", "--yes", "--json", ...adHoc, ...s.modelFlags()], {
      cwd: s.ws.dir,
      env: s.ws.markerEnv,
    });
    expect(r.exitCode, r.stderr).toBe(0);
    const events = r.stdout
      .trim()
      .split("\n")
      .map((line) => JSON.parse(line));
    expect(events).toContainEqual(
      expect.objectContaining({
        type: "server-log",
        server: "everything",
        level: "info",
        data: expect.stringMatching(/Roots updated/),
      }),
    );
  });

  it("prints server logs with --verbose only", async () => {
    await s.withModel([rootsCall, { text: "hi" }, rootsCall, { text: "hi" }]);
    const run = (...flags: string[]) =>
      runCli(["run", "-p", "go", "--yes", ...flags, ...adHoc, ...s.modelFlags()], {
        cwd: s.ws.dir,
        env: s.ws.markerEnv,
      });
    const quiet = await run();
    expect(quiet.exitCode, quiet.stderr).toBe(0);
    expect(quiet.stderr).not.toContain("Roots updated");
    const verbose = await run("--verbose");
    expect(verbose.stderr).toMatch(/server everything \[info\] everything-server: Roots updated/);
  });

  it("prints each progress report of a running tool with --verbose only", async () => {
    const call = { toolCalls: [{ name: "mcp_fixture_progress", arguments: { steps: 3 } }] };
    await s.withModel([call, { text: "done" }, call, { text: "done" }]);
    s.ws.write({ "fx.json": json({ mcpServers: { fixture: s.ws.fixture() } }) });
    const run = (...flags: string[]) =>
      runCli(["run", "fx.json", "-p", "go", "--yes", ...flags, ...s.modelFlags()], {
        cwd: s.ws.dir,
      });
    const quiet = await run();
    expect(quiet.exitCode, quiet.stderr).toBe(0);
    expect(quiet.stderr).not.toContain("… mcp_fixture_progress");
    const verbose = await run("--verbose");
    expect(verbose.stderr).toContain("… mcp_fixture_progress 1/3 step 1 of 3");
    expect(verbose.stderr).toContain("… mcp_fixture_progress 3/3 step 3 of 3");
  });
});
