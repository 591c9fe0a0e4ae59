import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { BAD_CONFIGS } from "@tinyloop/test-fixtures/agent-files";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { AgentFileError, readAgentFile } from "../src/index.js";

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), "agent-files-bad-"));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe("bad agent files", () => {
  it.each(BAD_CONFIGS)("$name", async ({ files, target, env, expect: words }) => {
    for (const [name, text] of Object.entries(files)) {
      mkdirSync(dirname(join(dir, name)), { recursive: true });
      writeFileSync(join(dir, name), text);
    }
    const error = await readAgentFile(target, {
      cwd: dir,
      env: { PATH: "/usr/bin", ...env },
    }).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(AgentFileError.isInstance(error)).toBe(true);
    for (const word of words) expect((error as Error).message).toContain(word);
  });
});
