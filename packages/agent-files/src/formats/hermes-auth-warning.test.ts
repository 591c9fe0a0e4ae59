import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { readAgentFile } from "../index.js";

let dir: string | undefined;
afterEach(async () => {
  if (dir) await rm(dir, { recursive: true, force: true });
  dir = undefined;
});

/** A Hermes config whose HTTP server has an `auth` value tinyloop does not know. */
async function hermesWithBasicAuth(): Promise<string> {
  dir = await mkdtemp(join(tmpdir(), "tinyloop-hermes-auth-"));
  const file = join(dir, "config.yaml");
  await writeFile(
    file,
    "mcp_servers:\n  docs:\n    url: https://docs.example.com/mcp\n    auth: basic\n",
  );
  return file;
}

describe("Hermes `auth` other than oauth", () => {
  it("warns in the library's own words, naming no command of any CLI", async () => {
    const agent = await readAgentFile(await hermesWithBasicAuth(), { env: {} });
    expect(agent.warnings.map((w) => `${w.path}: ${w.message}`)).toEqual([
      'mcp_servers.docs.auth: ignored: the only auth tinyloop knows is "oauth" on a server with a url (it then logs in when the server asks), got "basic"',
    ]);
  });

  it("ends the explanation with the caller's hint on logging in ahead", async () => {
    const agent = await readAgentFile(await hermesWithBasicAuth(), {
      env: {},
      hints: { loginAhead: "`mytool login NAME` logs in ahead" },
    });
    expect(agent.warnings.map((w) => w.message)).toEqual([
      'ignored: the only auth tinyloop knows is "oauth" on a server with a url (it then logs in when the server asks; `mytool login NAME` logs in ahead), got "basic"',
    ]);
    expect(agent.servers.map((s) => s.name)).toEqual(["docs"]);
  });
});
