import { execFileSync } from "node:child_process";
import { existsSync, symlinkSync, truncateSync, writeFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { runCli } from "../__fixtures__/cli-harness.js";
import { json, useE2eSession } from "../__fixtures__/e2e-session.js";

const s = useE2eSession();
const noModel = ["--endpoint-url", "http://127.0.0.1:9/v1", "--model", "m"];

/** A stdio server entry that would leave a file behind if it were ever started. */
function tattleServer(): { command: string; args: string[] } {
  const started = s.ws.path("started");
  return {
    command: process.execPath,
    args: ["-e", `require("fs").writeFileSync(${JSON.stringify(started)}, "")`],
  };
}

/** Runs `tinyloop run PATH -p hi`; expects exit 2 with `text` on stderr and nothing started. */
async function refused(path: string, text: string): Promise<string> {
  const r = await runCli(["run", path, "-p", "hi", ...noModel], { cwd: s.ws.dir });
  expect(r.stderr).toContain(text);
  expect(r.stderr).not.toMatch(/\n\s+at |Maximum call stack/);
  expect(r.exitCode).toBe(2);
  expect(existsSync(s.ws.path("started"))).toBe(false);
  return r.stderr;
}

describe("agent paths that are not regular files", () => {
  it("/dev/zero and /dev/urandom: exit 2 at once, naming the file", async () => {
    await refused("/dev/zero", "/dev/zero: is a character device, not a regular file");
    await refused("/dev/urandom", "/dev/urandom: is a character device, not a regular file");
  });

  it("a FIFO with no writer: exit 2, it does not block", async () => {
    execFileSync("mkfifo", [s.ws.path("agent.json")]);
    await refused(".", "agent.json: is a named pipe (FIFO), not a regular file");
  });

  it("a 300 MB file: exit 2 naming the size and the 10 MB limit", async () => {
    s.ws.write({ ".mcp.json": json({ mcpServers: { tattle: tattleServer() } }) });
    truncateSync(s.ws.path(".mcp.json"), 300 * 1024 * 1024);
    await refused(".mcp.json", ".mcp.json: is 300 MB, over the 10 MB limit for config files");
  });

  it("invalid UTF-8: exit 2 with the byte offset", async () => {
    writeFileSync(
      s.ws.path(".mcp.json"),
      Buffer.concat([
        Buffer.from('{"mcpServers": {"a'),
        Buffer.from([0xc3, 0x28]),
        Buffer.from('": {}}}'),
      ]),
    );
    await refused(".mcp.json", "is not valid UTF-8: byte 0xc3 at offset 18");
  });

  it("a symbolic link loop: exit 2 saying so", async () => {
    symlinkSync(s.ws.path("loop.json"), s.ws.path("loop.json"));
    const stderr = await refused("loop.json", "symbolic link loop");
    expect(stderr).not.toContain("no such file");
  });
});

describe("config bombs", () => {
  it("JSON nested 100,000 deep: exit 2 with the file, the position and the depth limit", async () => {
    s.ws.write({
      ".mcp.json": `{"mcpServers": {"tattle": ${JSON.stringify(tattleServer())}}, "x": ${"[".repeat(100_000)}${"]".repeat(100_000)}}`,
    });
    await refused(".mcp.json", ".mcp.json:1:");
    await refused(".mcp.json", "nests objects and arrays more than 100 levels deep");
  });

  it("a YAML alias bomb: exit 2 with the file, the position and the alias limit; nothing spawned", async () => {
    const { command, args } = tattleServer();
    const lines = ["a: &a [x, x, x, x, x, x, x, x, x]"];
    for (const [from, to] of [
      ["a", "b"],
      ["b", "c"],
      ["c", "d"],
      ["d", "e"],
      ["e", "f"],
    ]) {
      lines.push(`${to}: &${to} [${Array(9).fill(`*${from}`).join(", ")}]`);
    }
    lines.push("mcp_servers:", "  tattle:", `    command: ${JSON.stringify(command)}`);
    lines.push(`    args: ${JSON.stringify(args)}`);
    s.ws.write({ "config.yaml": `${lines.join("\n")}\n` });
    await refused(
      "config.yaml",
      "config.yaml:2:8: aliases (*a and others) expand to more than 100 copies",
    );
  });

  it("an unresolved YAML alias: exit 2 naming the file and the alias", async () => {
    s.ws.write({ "config.yaml": "mcp_servers:\n  tattle:\n    command: *nope\n" });
    await refused("config.yaml", "config.yaml:3:14: the alias *nope refers to no anchor");
  });
});
