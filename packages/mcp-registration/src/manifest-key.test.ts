import { mkdtemp, rm, utimes, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { defaultManifestCacheDir } from "./manifest-cache.js";
import { manifestKey, sortedJson } from "./manifest-key.js";

let dir = "";
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), "tinyloop-key-"));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe("manifestKey", () => {
  it("changes with the command's args and with the server file it runs, not with timeouts", async () => {
    const script = join(dir, "server.js");
    await writeFile(script, "// v1");
    const base = { command: process.execPath, args: [script] };
    const key = await manifestKey(base);
    expect(await manifestKey({ ...base, timeouts: { callMs: 5 }, enabled: true })).toBe(key);
    expect(await manifestKey({ ...base, args: [script, "--verbose"] })).not.toBe(key);
    await utimes(script, new Date(), new Date(Date.now() + 60_000)); // the server was updated
    expect(await manifestKey(base)).not.toBe(key);
  });

  it("keys HTTP servers by url and headers", async () => {
    const key = await manifestKey({ url: "http://127.0.0.1:1/mcp" });
    expect(await manifestKey({ url: "http://127.0.0.1:1/mcp", headers: { a: "b" } })).not.toBe(key);
    expect(await manifestKey({ url: "http://127.0.0.1:1/mcp" })).toBe(key);
  });

  it("sorts keys, so key order does not matter", () => {
    expect(sortedJson({ b: 1, a: [{ d: 2, c: undefined }] })).toBe('{"a":[{"d":2}],"b":1}');
  });
});

describe("defaultManifestCacheDir", () => {
  it("prefers TINYLOOP_CACHE_DIR, then XDG_CACHE_HOME", () => {
    expect(defaultManifestCacheDir({ TINYLOOP_CACHE_DIR: "/c" })).toBe("/c/mcp-manifests");
    if (process.platform === "linux") {
      expect(defaultManifestCacheDir({ XDG_CACHE_HOME: "/x" })).toBe("/x/tinyloop/mcp-manifests");
    }
  });
});
