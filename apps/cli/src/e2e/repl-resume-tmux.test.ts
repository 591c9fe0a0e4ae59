import { readdirSync } from "node:fs";
import { describeNeeding, TMUX } from "@tinyloop/test-fixtures/outside-programs";
import { expect, it } from "vitest";
import { runCli } from "../__fixtures__/cli-harness.js";
import { useTmuxRepl } from "../__fixtures__/tmux-repl.js";

const repl = useTmuxRepl("resume", { columns: 160, rows: 40 });
const { keys, waitFor } = repl.pane;

/** The texts of the messages the model server got in request `index`. */
const sent = (index: number) => {
  const body = repl.model?.requests[index]?.body as
    | { messages: { role: string; content: unknown }[] }
    | undefined;
  return (body?.messages ?? [])
    .filter((message) => message.role !== "system")
    .map((message) => `${message.role}: ${String(message.content)}`);
};

const runArgs = () => ["run", ".mcp.json", ...repl.modelFlags()];

/** Starts the CLI in a new tmux session (the one before it ends), saving into the workspace. */
function start(args: string[]): void {
  repl.startCli(args, { env: { XDG_STATE_HOME: repl.ws.path("state") } });
}

describeNeeding(TMUX)("saved conversations in a real terminal", () => {
  it("resumes after a restart of the CLI: --continue, /clear starts a new one, --resume picks from a list", async () => {
    await repl.withModel([
      { text: "Noted: swordfish." },
      { text: "The word was swordfish." },
      { text: "Fresh start." },
      { text: "Still swordfish." },
    ]);
    repl.ws.write({ ".mcp.json": JSON.stringify({ mcpServers: { fx: repl.ws.fixture() } }) });

    start(runArgs());
    await waitFor((s) => /^›/m.test(s), "the prompt");
    keys("remember the word swordfish", "Enter");
    await waitFor((s) => s.includes("Noted: swordfish."), "the first answer");
    keys("C-d");
    const first = await waitFor((s) => s.includes("EXIT="), "the first exit");
    expect(first).toContain("EXIT=0");
    const firstId = /conversation saved as (\S+): continue it with --continue, or --resume \1/.exec(
      first,
    )?.[1];
    expect(firstId).toMatch(/^\d{8}-\d{6}-[0-9a-f]{4}$/);

    // A new process: the conversation comes back from the state folder.
    start([...runArgs(), "--continue"]);
    await waitFor(
      (s) =>
        s.includes(
          `resumed conversation ${firstId} (2 messages, started with "remember the word swordfish")`,
        ) && /^›/m.test(s),
      "the resumed prompt",
    );
    keys("what was the word?", "Enter");
    await waitFor((s) => s.includes("The word was swordfish."), "the answer with history");
    expect(sent(1)).toEqual([
      "user: remember the word swordfish",
      "assistant: Noted: swordfish.",
      "user: what was the word?",
    ]);

    // /clear starts over: nothing earlier is sent, and it is saved as another conversation.
    keys("/clear", "Enter");
    await waitFor((s) => s.includes("conversation cleared"), "/clear");
    keys("new topic", "Enter");
    await waitFor((s) => s.includes("Fresh start."), "the answer after /clear");
    expect(sent(2)).toEqual(["user: new topic"]);
    keys("C-d");
    const second = await waitFor((s) => s.includes("EXIT="), "the second exit");
    const secondId = /conversation saved as (\S+):/.exec(second)?.[1];
    expect(secondId).toBeDefined();
    expect(secondId).not.toBe(firstId);
    const [agentFolder] = readdirSync(repl.ws.path("state/tinyloop/conversations"));
    expect(readdirSync(repl.ws.path(`state/tinyloop/conversations/${agentFolder}`)).sort()).toEqual(
      [`${firstId}.json`, `${secondId}.json`].sort(),
    );

    // --resume without an id lists them, newest first; the older one is picked.
    start([...runArgs(), "--resume"]);
    const list = await waitFor((s) => s.includes("pick one (1-2, Enter for 1):"), "the list");
    expect(list).toMatch(new RegExp(`^ +1 +${secondId}.* 2 messages +new topic$`, "m"));
    expect(list).toMatch(
      new RegExp(`^ +2 +${firstId}.* 4 messages +remember the word swordfish$`, "m"),
    );
    keys("2", "Enter");
    await waitFor(
      (s) => s.includes(`resumed conversation ${firstId} (4 messages`) && /^›/m.test(s),
      "the picked conversation",
    );
    keys("and now?", "Enter");
    await waitFor((s) => s.includes("Still swordfish."), "the answer in the picked conversation");
    expect(sent(3)).toEqual([
      "user: remember the word swordfish",
      "assistant: Noted: swordfish.",
      "user: what was the word?",
      "assistant: The word was swordfish.",
      "user: and now?",
    ]);
    keys("C-d");
    const third = await waitFor((s) => s.includes("EXIT="), "the third exit");
    expect(third).toContain(`conversation saved as ${firstId}:`);
    expect(third).toContain("EXIT=0");
  });

  it("continues with -p too, and a damaged newest file stops --continue before anything starts", async () => {
    const model = await repl.withModel([{ text: "Noted: heron." }, { text: "It was heron." }]);
    repl.ws.write({ ".mcp.json": JSON.stringify({ mcpServers: { fx: repl.ws.fixture() } }) });
    const env = { XDG_STATE_HOME: repl.ws.path("state") };
    const first = await runCli([...runArgs(), "-p", "remember heron"], { cwd: repl.ws.dir, env });
    expect(first.exitCode).toBe(0);
    const again = await runCli([...runArgs(), "-c", "-p", "which bird?"], {
      cwd: repl.ws.dir,
      env,
    });
    expect(again.stdout).toContain("It was heron.");
    expect(sent(1)).toEqual([
      "user: remember heron",
      "assistant: Noted: heron.",
      "user: which bird?",
    ]);

    const [agentFolder] = readdirSync(repl.ws.path("state/tinyloop/conversations"));
    const damaged = `state/tinyloop/conversations/${agentFolder}/20991231-000000-dead.json`;
    repl.ws.write({ [damaged]: '{"format":"tinyloop-conversation","version":1,"messages":[' });
    const refused = await runCli([...runArgs(), "--continue"], { cwd: repl.ws.dir, env });
    expect(refused.exitCode).toBe(2);
    expect(refused.stderr).toContain(
      `conversation file ${repl.ws.path(damaged)}: not valid JSON (`,
    );
    expect(refused.stderr).toContain("move it out of that folder (or delete it)");
    expect(model.requests).toHaveLength(2);
  });
});
