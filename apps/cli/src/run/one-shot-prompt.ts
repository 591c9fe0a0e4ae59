import type { Readable } from "node:stream";
import { CliError } from "../cli-error.js";

/** Most bytes read from piped stdin for a one-shot prompt (8 MiB): more is refused, not cut. */
export const PIPED_PROMPT_LIMIT_BYTES = 8 * 1024 * 1024;

/**
 * The prompt a one-shot run sends, as `claude -p` builds it: `-p TEXT` alone on a terminal;
 * with stdin piped, the piped text, a blank line, then TEXT (the material first, the question
 * last); `-p -` is the piped text alone. `undefined` without `-p` (the REPL reads stdin).
 */
export async function oneShotPrompt(
  flag: string | undefined,
  stdin: Readable & { isTTY?: boolean },
  limitBytes = PIPED_PROMPT_LIMIT_BYTES,
): Promise<string | undefined> {
  if (flag === undefined) return undefined;
  if (stdin.isTTY === true) {
    if (flag === "-") {
      throw new CliError({
        code: "USAGE",
        message:
          '-p -: expected the prompt piped into stdin, got a terminal; pipe it in, e.g. echo "summarise" | tinyloop run AGENT -p -, or give it as -p "summarise"',
      });
    }
    return flag;
  }
  const piped = await readPiped(stdin, limitBytes);
  if (flag === "-") {
    if (piped.trim() === "") {
      throw new CliError({
        code: "USAGE",
        message:
          '-p -: expected the prompt on stdin, got nothing; pipe it in, e.g. echo "summarise" | tinyloop run AGENT -p -',
      });
    }
    return piped;
  }
  if (piped.trim() === "") return flag;
  if (flag.trim() === "") return piped;
  return `${piped.replace(/\n+$/, "")}\n\n${flag}`;
}

async function readPiped(stdin: Readable, limitBytes: number): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of stdin) {
    const buffer = typeof chunk === "string" ? Buffer.from(chunk) : (chunk as Buffer);
    size += buffer.length;
    if (size > limitBytes) {
      stdin.destroy();
      throw new CliError({
        code: "USAGE",
        message: `piped input: expected at most ${formatMiB(limitBytes)} on stdin, got more; send a part of it, e.g. tail -c 1M app.log | tinyloop run AGENT -p "summarise"`,
      });
    }
    chunks.push(buffer);
  }
  return Buffer.concat(chunks).toString("utf8");
}

function formatMiB(bytes: number): string {
  return bytes % (1024 * 1024) === 0 ? `${bytes / (1024 * 1024)} MiB` : `${bytes} bytes`;
}
