import {
  chmodSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { FileOAuthStore, MemoryOAuthStore, type StoredOAuth } from "./oauth-store.js";

const entry: StoredOAuth = {
  serverUrl: "https://mcp.test/mcp",
  tokens: { access_token: "at-1", token_type: "Bearer" },
  callbackPort: 43210,
};

let scratch: string;
beforeEach(() => {
  scratch = mkdtempSync(join(tmpdir(), "tinyloop-oauth-store-"));
});
afterEach(() => rmSync(scratch, { recursive: true, force: true }));

describe("FileOAuthStore", () => {
  it("writes one 0600 JSON file per server in a 0700 folder, and reads it back", async () => {
    const store = new FileOAuthStore(join(scratch, "creds"));
    await store.save("github", entry);
    const file = join(scratch, "creds", "github.json");
    expect(store.fileOf("github")).toBe(file);
    expect(readFileSync(file, "utf8")).toBe(`${JSON.stringify(entry, null, 2)}\n`);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(statSync(store.dir).mode & 0o777).toBe(0o700);
    expect(await store.load("github")).toEqual(entry);
  });

  it("names files after the server with every unsafe character replaced", () => {
    const store = new FileOAuthStore(scratch);
    expect(store.fileOf("my server/../x")).toBe(join(scratch, "my_server_.._x.json"));
    expect(store.fileOf("A-z_0.9")).toBe(join(scratch, "A-z_0.9.json"));
  });

  it("narrows a file that existed with wider permissions to 0600", async () => {
    const store = new FileOAuthStore(scratch);
    writeFileSync(store.fileOf("fx"), "{}", { mode: 0o644 });
    chmodSync(store.fileOf("fx"), 0o644);
    await store.save("fx", entry);
    expect(statSync(store.fileOf("fx")).mode & 0o777).toBe(0o600);
  });

  it("loads nothing for a missing or damaged file, and throws for one it cannot read", async () => {
    const store = new FileOAuthStore(scratch);
    expect(await store.load("missing")).toBeUndefined();
    writeFileSync(store.fileOf("damaged"), "{not json");
    expect(await store.load("damaged")).toBeUndefined();
    mkdirSync(store.fileOf("folder"));
    await expect(store.load("folder")).rejects.toMatchObject({ code: "EISDIR" });
  });

  it("deletes a server's file and says whether there was one", async () => {
    const store = new FileOAuthStore(scratch);
    await store.save("fx", entry);
    expect(await store.delete("fx")).toBe(true);
    expect(await store.load("fx")).toBeUndefined();
    expect(await store.delete("fx")).toBe(false);
  });
});

describe("MemoryOAuthStore", () => {
  it("keeps a copy per server, and deletes it", async () => {
    const store = new MemoryOAuthStore();
    const value = structuredClone(entry);
    await store.save("fx", value);
    value.serverUrl = "changed after saving";
    expect(await store.load("fx")).toEqual(entry);
    expect(await store.load("other")).toBeUndefined();
    expect(await store.delete("fx")).toBe(true);
    expect(await store.delete("fx")).toBe(false);
    expect(await store.load("fx")).toBeUndefined();
  });

  it("hands out a copy on load: changing what was loaded leaves the store as saved", async () => {
    const store = new MemoryOAuthStore();
    await store.save("fx", entry);
    const loaded = await store.load("fx");
    if (loaded?.tokens === undefined) throw new Error("expected the saved entry back");
    loaded.serverUrl = "changed after loading";
    loaded.tokens.access_token = "changed after loading";
    expect(await store.load("fx")).toEqual(entry);
  });
});
