import { createInterface, type Interface } from "node:readline";
import { PassThrough, Writable } from "node:stream";
import { afterEach, describe, expect, it } from "vitest";
import { abovePrompt } from "./above-prompt.js";

/** A terminal's output: everything written, in order (prompt and lines share it, as on a tty). */
function screenStream(): Writable & { text: string; take(): string } {
  const stream = new Writable({
    write(chunk, _encoding, done) {
      stream.text += String(chunk);
      done();
    },
  }) as Writable & { text: string; take(): string };
  stream.text = "";
  stream.take = () => {
    const text = stream.text;
    stream.text = "";
    return text;
  };
  return stream;
}

const CLEAR = "\u001b[1G\u001b[0J"; // readline's cursorTo(0) + clearScreenDown

let rl: Interface | undefined;
afterEach(() => rl?.close());

/** A real readline interface in terminal mode, typed into through `input`. */
function terminal() {
  const input = new PassThrough();
  const screen = screenStream();
  rl = createInterface({ input, output: screen, terminal: true, prompt: "› " });
  return { input, screen, rl };
}

describe("abovePrompt", () => {
  it("writes as is while no prompt is attached or shown", () => {
    const { screen, rl } = terminal();
    const lines = abovePrompt(screen);
    lines.write("before\n");
    let shown = false;
    lines.attach({ rl, output: screen, shown: () => shown });
    lines.write("streaming\n");
    expect(screen.take()).toBe("before\nstreaming\n");
    shown = true;
    lines.write("now above\n");
    expect(screen.take()).not.toBe("now above\n");
  });

  it("clears the prompt, writes the line, redraws the typed text with the cursor kept", async () => {
    const { input, screen, rl } = terminal();
    const lines = abovePrompt(screen);
    lines.attach({ rl, output: screen, shown: () => true });
    rl.prompt();
    input.write("half typed");
    input.write("\u001b[D\u001b[D"); // Left, Left
    await new Promise((r) => setImmediate(r));
    expect(rl.line).toBe("half typed");
    expect(rl.cursor).toBe(8);
    screen.take();

    lines.write("✗ server fx failed: gone\n");
    const out = screen.take();
    expect(out.startsWith(`${CLEAR}✗ server fx failed: gone\n`)).toBe(true);
    // The prompt and the typed text again, below; the cursor (column 11: "› " + 8) kept.
    expect(out.slice(`${CLEAR}✗ server fx failed: gone\n`.length)).toBe(
      `${CLEAR}› half typed\u001b[11G`,
    );
    expect(rl.line).toBe("half typed");
    expect(rl.cursor).toBe(8);
  });

  it("clears every row of typed text that wraps, and redraws it from the row below the line", async () => {
    const { input, screen, rl } = terminal();
    Object.assign(screen, { columns: 20 });
    const lines = abovePrompt(screen);
    lines.attach({ rl, output: screen, shown: () => true });
    rl.prompt();
    input.write("x".repeat(30)); // "› " + 30 characters: two rows of 20, the cursor on the second
    await new Promise((r) => setImmediate(r));
    expect(rl.getCursorPos().rows).toBe(1);
    screen.take();
    // Twice: after the first redraw readline remembers the cursor one row down.
    for (const line of ["server fx: reconnecting\n", "server fx failed\n"]) {
      lines.write(line);
      // Up one row to the prompt's start, clear; after the line, no move up: the prompt starts here.
      expect(screen.take()).toBe(`\u001b[1A${CLEAR}${line}${CLEAR}› ${"x".repeat(30)}\u001b[13G`);
    }
  });

  it("redraws an approval question, not the prompt, while one is asked", () => {
    const { screen, rl } = terminal();
    const lines = abovePrompt(screen);
    lines.attach({ rl, output: screen, shown: () => true });
    rl.question("allow echo? [y]es / [n]o ", () => {});
    screen.take();
    lines.write("server fx: reconnecting\n");
    expect(screen.take()).toBe(
      `${CLEAR}server fx: reconnecting\n${CLEAR}allow echo? [y]es / [n]o \u001b[26G`,
    );
  });

  it("keeps a line written in pieces whole, redrawing once it ends", () => {
    const { screen, rl } = terminal();
    const lines = abovePrompt(screen);
    lines.attach({ rl, output: screen, shown: () => true });
    rl.prompt();
    screen.take();
    lines.write("server fx ");
    lines.write("failed\n");
    expect(screen.take()).toBe(`${CLEAR}server fx failed\n${CLEAR}› \u001b[3G`);
  });

  it("writes as is again once detached", () => {
    const { screen, rl } = terminal();
    const lines = abovePrompt(screen);
    const detach = lines.attach({ rl, output: screen, shown: () => true });
    detach();
    lines.write("after\n");
    expect(screen.take()).toBe("after\n");
  });
});
