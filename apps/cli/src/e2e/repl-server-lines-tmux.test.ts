import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { processesWithMarker } from "@tinyloop/test-fixtures";
import { describeNeeding, TMUX } from "@tinyloop/test-fixtures/outside-programs";
import { expect, it } from "vitest";
import { useTmuxRepl } from "../__fixtures__/tmux-repl.js";

const repl = useTmuxRepl("lines", { columns: 120, rows: 40 });
const { keys, cursor, waitFor } = repl.pane;

/** The pane's non-empty lines, trailing spaces dropped. */
const lines = (text: string) =>
  text
    .split("\n")
    .map((line) => line.trimEnd())
    .filter((line) => line !== "");

/** SIGKILLs the one fixture server (marked with the workspace's marker) whose command has `match`. */
function killServer(match = ""): void {
  const servers = processesWithMarker(repl.ws.marker).filter((p) => p.command.includes(match));
  if (servers.length !== 1) throw new Error(`expected one fixture server, found ${servers.length}`);
  process.kill(servers[0]?.pid ?? 0, "SIGKILL");
}

/**
 * A fixture server that starts once: after the file `gone` exists each restart exits at once
 * (code 7), so once killed it fails for good when the reconnect attempts are used up.
 */
function startsOnce(gone: string, args: string[] = []) {
  const fixture = repl.ws.fixture(args);
  return {
    ...fixture,
    command: "sh",
    args: ["-c", `test -e '${gone}' && exit 7; exec "$0" "$@"`, fixture.command, ...fixture.args],
  };
}

/** The agent file's reconnect settings (seconds) that spare the tests the default backoff. */
const FAST = { baseDelay: 0.01, maxDelay: 0.05 };

/** Whether a line of `text` (trailing spaces dropped) is exactly `line`. */
const hasLine = (text: string, line: string) => text.split("\n").some((l) => l.trimEnd() === line);

/** The user messages the model server was sent, in order. */
function userMessages(): string[] {
  return (repl.model?.requests ?? []).flatMap((request) => {
    const body = request.body as { messages?: { role: string; content: unknown }[] };
    const last = body.messages?.at(-1);
    return last?.role === "user" ? [String(last.content)] : [];
  });
}

describeNeeding(TMUX)("server lines in the REPL on a real terminal", () => {
  it("prints a server failing at the prompt above it and keeps the half-typed line", {
    timeout: 180_000,
  }, async () => {
    const model = await repl.withModel([{ text: "Got your message." }]);
    const gone = join(repl.ws.dir, "gone");
    const fx = startsOnce(gone);
    repl.ws.write({
      ".mcp.json": JSON.stringify({ mcpServers: { fx: { ...fx, reconnect: FAST } } }),
    });
    repl.startCli(["run", ".mcp.json", "--endpoint-url", model.baseURL, "--model", "scripted"]);
    await waitFor((s) => s.includes("connected 1/1 servers") && /^›\s*$/m.test(s), "the prompt");

    keys("-l", "half a line typed");
    await waitFor((s) => /^› half a line typed$/m.test(s), "the typed text");
    // The cursor in the middle of the typed text: it must stay there after the redraw.
    keys("Left", "Left", "Left", "Left", "Left");
    await waitFor(() => cursor().startsWith(`${"› half a line ".length},`), "the moved cursor");
    const before = cursor();

    writeFileSync(gone, "");
    killServer();
    const after = await waitFor(
      (s) => /server fx failed/.test(s) && /^› half a line typed$/m.test(s),
      "the failure line and the redrawn prompt",
      100_000,
    );
    const shown = lines(after);
    // The failure is on its own line, above; the last line is the prompt with the text intact.
    const failure = shown.findIndex((line) => line.includes("server fx failed"));
    expect(shown[failure]).toMatch(/^✗ server fx failed: /);
    expect(shown.at(-1)).toBe("› half a line typed");
    expect(shown.filter((line) => line.startsWith("›"))).toEqual(["› half a line typed"]);
    expect(failure).toBeLessThan(shown.length - 1);
    // The cursor is where it was in the text, on the prompt's (new) row.
    const [x, y] = cursor().split(",").map(Number);
    expect(x).toBe(Number(before.split(",")[0]));
    expect(y).toBe(after.split("\n").findIndex((line) => line.trimEnd() === "› half a line typed"));

    // Typing on goes into the same line, at the cursor; Enter sends exactly that text.
    // One key at a time, each seen on screen: Node 20's readline misplaces the characters of
    // a multi-character chunk inserted mid-line (with or without this change).
    let typed = "› half a line ";
    for (const key of "fully ") {
      keys("-l", key);
      typed += key;
      const line = `${typed}typed`;
      await waitFor((s) => hasLine(s, line), `"${line}"`);
    }
    keys("Enter");
    await waitFor((s) => s.includes("Got your message."), "the answer");
    expect(userMessages()).toEqual(["half a line fully typed"]);

    keys("C-d");
    expect(await waitFor((s) => s.includes("EXIT="), "the exit")).toContain("EXIT=0");
  });

  it("prints a server going down and coming back at the prompt above it, one line each", {
    timeout: 180_000,
  }, async () => {
    const model = await repl.withModel([{ text: "Got your message." }]);
    const server = { ...repl.ws.fixture(), reconnect: FAST };
    repl.ws.write({ ".mcp.json": JSON.stringify({ mcpServers: { fx: server } }) });
    repl.startCli(["run", ".mcp.json", "--endpoint-url", model.baseURL, "--model", "scripted"]);
    await waitFor((s) => s.includes("connected 1/1 servers") && /^›\s*$/m.test(s), "the prompt");
    keys("-l", "typed");
    await waitFor((s) => hasLine(s, "› typed"), "the typed text");

    killServer();
    const after = await waitFor(
      (s) => s.includes("server fx is back") && hasLine(s, "› typed"),
      "the down and back lines and the redrawn prompt",
      60_000,
    );
    const shown = lines(after);
    const fx = shown.filter((line) => line.includes("server fx"));
    expect(fx).toEqual([
      expect.stringMatching(/^! server fx went down: .*; reconnecting$/),
      "✓ server fx is back · 15 tools",
    ]);
    expect(shown.at(-1)).toBe("› typed");
    expect(shown.filter((line) => line.startsWith("›"))).toEqual(["› typed"]);

    keys("C-u", "C-d");
    const exited = await waitFor((s) => s.includes("EXIT="), "the exit");
    expect(exited).toContain("EXIT=0");
    // Closing the servers at exit is not a drop.
    expect(lines(exited).filter((line) => line.includes("server fx"))).toHaveLength(2);
  });

  it("prints a server failing at an approval question above it and keeps the typed answer", {
    timeout: 180_000,
  }, async () => {
    const model = await repl.withModel([
      { toolCalls: [{ name: "mcp_fx_sleep", arguments: { ms: 1 } }] },
      { text: "Slept." },
    ]);
    const gone = join(repl.ws.dir, "gone");
    const doomed = { ...startsOnce(gone, ["--name", "doomed"]), reconnect: FAST };
    const servers = { fx: repl.ws.fixture(), doomed };
    repl.ws.write({ ".mcp.json": JSON.stringify({ mcpServers: servers }) });
    repl.startCli(["run", ".mcp.json", "--endpoint-url", model.baseURL, "--model", "scripted"]);
    await waitFor((s) => s.includes("connected 2/2 servers") && /^›\s*$/m.test(s), "the prompt");

    keys("sleep please", "Enter");
    const question = "allow mcp_fx_sleep ms=1? [y]es / [n]o / [a]lways / [v]iew / [e]dit:";
    await waitFor((s) => hasLine(s, question), "the approval question");
    keys("-l", "y");
    await waitFor((s) => hasLine(s, `${question} y`), "the typed answer");

    writeFileSync(gone, "");
    killServer("--name doomed");
    const after = await waitFor(
      (s) => /server doomed failed/.test(s) && hasLine(s, `${question} y`),
      "the failure line and the redrawn question",
      100_000,
    );
    const shown = lines(after);
    expect(shown.find((line) => line.includes("server doomed failed"))).toMatch(
      /^✗ server doomed failed: /,
    );
    expect(shown.at(-1)).toBe(`${question} y`);
    expect(shown.filter((line) => line.startsWith("allow "))).toEqual([`${question} y`]);

    // The typed answer counts: the tool runs and the turn ends.
    keys("Enter");
    const done = await waitFor((s) => s.includes("Slept."), "the answer after the tool");
    expect(done).toMatch(/✓ mcp_fx_sleep/);

    keys("C-d");
    expect(await waitFor((s) => s.includes("EXIT="), "the exit")).toContain("EXIT=0");
  });
});
