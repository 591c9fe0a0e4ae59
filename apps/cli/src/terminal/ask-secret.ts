import type { Readable, Writable } from "node:stream";

/**
 * Asks one question on a terminal; with `hidden`, what is typed is not echoed (for
 * passwords and API keys). Resolves `undefined` when input ends, Ctrl+C is pressed or `signal` aborts.
 */
export async function askLine(
  question: string,
  {
    input,
    output,
    hidden = false,
    signal,
  }: { input: Readable; output: Writable; hidden?: boolean; signal?: AbortSignal },
): Promise<string | undefined> {
  // Loaded when a question is asked: every command that reads an agent file imports this.
  const [{ createInterface }, { Writable }] = await Promise.all([
    import("node:readline"),
    import("node:stream"),
  ]);
  return new Promise((resolve) => {
    let muted = false;
    // readline echoes typed keys through its output; this one drops them while muted.
    const sink = new Writable({
      write(chunk, _encoding, callback) {
        if (!muted) output.write(chunk);
        callback();
      },
    });
    Object.assign(sink, { columns: (output as { columns?: number }).columns, isTTY: true });
    const rl = createInterface({
      input,
      output: sink,
      terminal: (input as { isTTY?: boolean }).isTTY === true,
    });
    let settled = false;
    const finish = (value: string | undefined) => {
      if (settled) return;
      settled = true;
      muted = false;
      if (hidden) output.write("\n");
      rl.close();
      resolve(value);
    };
    rl.on("SIGINT", () => finish(undefined));
    if (signal?.aborted) return finish(undefined);
    signal?.addEventListener("abort", () => finish(undefined), { once: true });
    rl.on("close", () => finish(undefined));
    rl.question(question, (answer) => finish(answer));
    muted = hidden;
  });
}
