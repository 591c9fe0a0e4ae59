import type { AgentEvent } from "@tinyloop/agent-loop";
import { describe, expect, it, vi } from "vitest";
import { stdioServer, useFixtureSessions } from "./__fixtures__/fixture-session.js";
import {
  type ChatCommandOutcome,
  type ChatDriver,
  type ChatDriverOptions,
  createChatDriver,
} from "./chat-driver.js";

const sessions = useFixtureSessions();

/** A program's commands, as a terminal would pass them: `/servers` says how many, `/exit` leaves. */
function command(line: string): ChatCommandOutcome | undefined {
  if (line === "/exit") return { exit: true };
  if (line === "/servers") return { output: "servers: 1\nmore" };
  return undefined;
}

/** A driver whose callbacks write what happened into `log`; `idle()` waits for onIdle. */
function recordedDriver(
  session: Awaited<ReturnType<typeof sessions.open>>,
  extra: Partial<ChatDriverOptions> = {},
) {
  const log: string[] = [];
  let idleWaiters: Array<() => void> = [];
  const driver: ChatDriver = createChatDriver({
    session,
    onEvent: (event: AgentEvent) => {
      if (event.type === "text-delta") log.push(`text ${event.text}`);
      if (event.type === "done")
        log.push(`done ${event.reason}${event.text ? ` ${event.text}` : ""}`);
    },
    onOutput: (text) => log.push(`output ${text.split("\n")[0]}`),
    onExit: () => {
      log.push("exit");
      driver.stop();
    },
    onError: (error) => log.push(`error ${error.message}`),
    command,
    onIdle: () => {
      log.push("idle");
      for (const resolve of idleWaiters) resolve();
      idleWaiters = [];
    },
    ...extra,
  });
  const idle = () => new Promise<void>((resolve) => idleWaiters.push(resolve));
  return { driver, log, idle };
}

describe("createChatDriver", () => {
  it("tells the program when a turn has ended, with the turn in the history", async () => {
    const session = await sessions.open([stdioServer("fx")], [{ text: "one" }]);
    const log: string[] = [];
    const driver = createChatDriver({
      session,
      onEvent: () => {},
      onOutput: (text) => log.push(`output ${text.split("\n")[0]}`),
      onExit: () => {},
      command,
      onTurnEnd: () => log.push(`turn end, ${session.agent.messages.length} messages`),
    });
    driver.send("hello");
    driver.send("/servers");
    await vi.waitFor(() => expect(driver.busy).toBe(false));
    // onTurnEnd once the turn is in the history (system, user, answer); not for a command.
    expect(log).toEqual(["turn end, 3 messages", "output servers: 1"]);
  });

  it("handles lines one at a time in order: messages as turns, slash commands, empty lines skipped", async () => {
    const session = await sessions.open([stdioServer("fx")], [{ text: "one" }, { text: "two" }]);
    const { driver, log, idle } = recordedDriver(session);
    const waited = idle();
    // Sent at once, as lines typed ahead: the second waits for the first turn.
    driver.send("first");
    driver.send("  ");
    driver.send("/servers");
    driver.send("second");
    expect(driver.busy).toBe(true);
    expect(driver.pending).toBe(3);
    await waited;
    expect(log).toEqual([
      "text one",
      "done completed one",
      "output servers: 1",
      "text two",
      "done completed two",
      "idle",
    ]);
    expect(driver.busy).toBe(false);
    // The second turn saw the first: one conversation, in order.
    const second = sessions.modelServer()?.requests[1]?.body as {
      messages: { role: string; content: unknown }[];
    };
    expect(second.messages.map((m) => m.content)).toEqual([
      "You add numbers.",
      "first",
      "one",
      "second",
    ]);
  });

  it("aborts the running turn without ending the chat, and goes on with the queued lines", async () => {
    const session = await sessions.open(
      [stdioServer("fx")],
      [{ text: "thinking", hang: true }, { text: "after" }],
    );
    const { driver, log, idle } = recordedDriver(session);
    expect(driver.abortTurn()).toBe(false);
    const waited = idle();
    driver.send("long question");
    driver.send("next");
    // Wait until the answer streams (the model then hangs), and abort it as Ctrl+C would.
    await vi.waitFor(() => expect(log).toContain("text thinking"));
    expect(driver.pending).toBe(1);
    expect(driver.abortTurn()).toBe(true);
    await waited;
    expect(log).toEqual([
      "text thinking",
      "done aborted thinking",
      "text after",
      "done completed after",
      "idle",
    ]);
  });

  it("an interrupt that drops the queued lines sends none of them to the model", async () => {
    const session = await sessions.open(
      [stdioServer("fx")],
      [{ text: "thinking", hang: true }, { text: "after" }],
    );
    const started: string[] = [];
    const { driver, log, idle } = recordedDriver(session, {
      onStart: (line) => started.push(line),
    });
    let waited = idle();
    driver.send("long question");
    driver.send("delete everything");
    await vi.waitFor(() => expect(log).toContain("text thinking"));
    expect(driver.dropPending()).toBe(1);
    expect(driver.abortTurn()).toBe(true);
    await waited;
    expect(log).toEqual(["text thinking", "done aborted thinking", "idle"]);
    waited = idle();
    driver.send("next");
    await waited;
    expect(started).toEqual(["long question", "next"]);
    const bodies = JSON.stringify(sessions.modelServer()?.requests.map((r) => r.body));
    expect(bodies).not.toContain("delete everything");
  });

  it("a turn that throws is told to onError, and the chat goes on", async () => {
    const session = await sessions.open([stdioServer("fx")], [{ text: "busy", hang: true }]);
    // Another run of the same agent is going: the driver's turn throws RUN_IN_PROGRESS.
    const outside = new AbortController();
    const events = session.agent
      .run("elsewhere", { signal: outside.signal })
      [Symbol.asyncIterator]();
    await events.next();
    const { driver, log, idle } = recordedDriver(session);
    const waited = idle();
    driver.send("hello");
    await waited;
    expect(log).toEqual([
      expect.stringMatching(/^error agent\.run\(\): another run of this agent is still going/),
      "idle",
    ]);
    outside.abort();
    while (!(await events.next()).done) {}
  });

  it("the program's signal stops every turn", async () => {
    const session = await sessions.open([stdioServer("fx")], [{ text: "never seen" }]);
    const exiting = new AbortController();
    exiting.abort();
    const { driver, log, idle } = recordedDriver(session, { signal: exiting.signal });
    const waited = idle();
    driver.send("hello");
    await waited;
    expect(log).toEqual(["done aborted", "idle"]);
  });

  it("without the program's commands, a line starting with / is a message like any other", async () => {
    const session = await sessions.open([stdioServer("fx")], [{ text: "seen" }]);
    const { driver, log, idle } = recordedDriver(session, { command: undefined });
    const waited = idle();
    driver.send("/exit");
    await waited;
    expect(log).toEqual(["text seen", "done completed seen", "idle"]);
    const request = sessions.modelServer()?.requests[0]?.body as {
      messages: { content: unknown }[];
    };
    expect(request.messages.at(-1)?.content).toBe("/exit");
  });

  it("on a command that exits tells the program, and after stop() drops the queued lines", async () => {
    const session = await sessions.open([stdioServer("fx")], [{ text: "never seen" }]);
    const { driver, log } = recordedDriver(session);
    driver.send("/servers");
    driver.send("/exit");
    driver.send("not handled");
    await vi.waitFor(() => expect(log).toContain("exit"));
    expect(log).toEqual(["output servers: 1", "exit"]);
    expect(driver.busy).toBe(false);
    expect(sessions.modelServer()?.requests).toHaveLength(0);
  });
});
