import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, symlinkSync, truncateSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { AgentFileError } from "./agent-file-error.js";
import { readAgentFile } from "./read-agent-file.js";
import { MAX_CONFIG_FILE_BYTES } from "./read-config-file.js";

let dir = "";
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), "read-config-"));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

/** The AgentFileError that reading `path` as an agent file throws. */
async function refusal(path: string): Promise<AgentFileError> {
  const error = await readAgentFile(path, { env: {} }).catch((caught: unknown) => caught);
  if (!AgentFileError.isInstance(error))
    throw new Error(`expected an AgentFileError, got ${String(error)}`);
  return error;
}

const servers = '{ "mcpServers": { "files": { "command": "node" } } }';

describe("config paths that are not regular files", () => {
  it.each([
    ["/dev/zero", "a character device"],
    ["/dev/urandom", "a character device"],
  ])("%s is refused unread: %s", async (path, kind) => {
    const error = await refusal(path);
    expect(error.code).toBe("UNREADABLE");
    expect(error.message).toBe(
      `${path}: is ${kind}, not a regular file; only regular files are read as config files`,
    );
  });

  it("a FIFO with no writer is refused without blocking", async () => {
    const fifo = join(dir, "agent.json");
    execFileSync("mkfifo", [fifo]);
    const error = await refusal(fifo);
    expect(error.message).toBe(
      `${fifo}: is a named pipe (FIFO), not a regular file; only regular files are read as config files`,
    );
  });

  it("a folder's agent.json that is a symlink to /dev/zero is refused too", async () => {
    symlinkSync("/dev/zero", join(dir, "agent.json"));
    expect((await refusal(dir)).message).toContain("is a character device, not a regular file");
  });

  it("a file over the 10 MB limit is refused unread, naming its size and the limit", async () => {
    const big = join(dir, ".mcp.json");
    writeFileSync(big, servers);
    truncateSync(big, 300 * 1024 * 1024); // sparse: no 300 MB written
    const error = await refusal(big);
    expect(error.code).toBe("UNREADABLE");
    expect(error.message).toBe(
      `${big}: is 300 MB, over the 10 MB limit for config files; is this the right file?`,
    );
    expect(MAX_CONFIG_FILE_BYTES).toBe(10 * 1024 * 1024);
  });

  it("invalid UTF-8 is an error with the byte offset", async () => {
    const file = join(dir, ".mcp.json");
    writeFileSync(
      file,
      Buffer.concat([
        Buffer.from('{ "mcpServers": { "fé'),
        Buffer.from([0xff]),
        Buffer.from('": {} } }'),
      ]),
    );
    const error = await refusal(file);
    expect(error.code).toBe("UNREADABLE");
    expect(error.message).toBe(
      `${file}: is not valid UTF-8: byte 0xff at offset 22 cannot start or continue a character; save the file as UTF-8`,
    );
  });

  it("a symbolic link loop says so, not 'no such file'", async () => {
    const loop = join(dir, "loop.json");
    symlinkSync(loop, loop);
    const error = await refusal(loop);
    expect(error.code).toBe("UNREADABLE");
    expect(error.message).toContain("symbolic link loop");
    expect(error.message).not.toContain("no such file");
  });

  it("an envFile that is a FIFO is refused, naming the envFile", async () => {
    const fifo = join(dir, "env.fifo");
    execFileSync("mkfifo", [fifo]);
    const file = join(dir, "mcp.json");
    writeFileSync(file, JSON.stringify({ servers: { files: { command: "node", envFile: fifo } } }));
    const error = await refusal(file);
    expect(error.message).toContain(`cannot read the envFile ${fifo}: is a named pipe (FIFO)`);
  });
});
