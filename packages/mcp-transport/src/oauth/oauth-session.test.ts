import { UnauthorizedError } from "@modelcontextprotocol/sdk/client/auth.js";
import { describe, expect, it } from "vitest";
import { isUnauthorized, OAuthSession } from "./oauth-login.js";
import { MemoryOAuthStore } from "./oauth-store.js";

const url = "https://mcp.test/mcp";
const neverFinishes = {
  finishAuth: () => Promise.reject(new Error("no login may run in this test")),
};

describe("isUnauthorized", () => {
  it("is true for the SDK's UnauthorizedError, from any copy of the SDK, and false otherwise", () => {
    expect(isUnauthorized(new UnauthorizedError("login"))).toBe(true);
    expect(isUnauthorized(Object.assign(new Error("x"), { name: "UnauthorizedError" }))).toBe(true);
    expect(isUnauthorized(new Error("Unauthorized"))).toBe(false);
    expect(isUnauthorized(undefined)).toBe(false);
  });
});

describe("OAuthSession.open", () => {
  it("takes the callback port from the config, else the one stored for the same URL, else a free one", async () => {
    const open = async (config: { callbackPort?: number } | undefined, serverUrl = url) => {
      const store = new MemoryOAuthStore();
      await store.save("fx", { serverUrl: url, callbackPort: 40001 });
      return OAuthSession.open("fx", serverUrl, config, { store }, "tinyloop");
    };
    expect((await open({ callbackPort: 40002 })).provider.callbackPort).toBe(40002);
    expect((await open(undefined)).provider.callbackPort).toBe(40001);
    const fresh = (await open(undefined, "https://other.test/mcp")).provider.callbackPort;
    expect(fresh).toBeGreaterThan(0);
    expect(fresh).not.toBe(40001);
  });

  it("registers under the caller's client name, else the default one", async () => {
    const store = new MemoryOAuthStore();
    const named = await OAuthSession.open("fx", url, {}, { store, clientName: "my-app" }, "tl");
    expect(named.provider.clientMetadata.client_name).toBe("my-app");
    const plain = await OAuthSession.open("fx", url, {}, { store }, "tl");
    expect(plain.provider.clientMetadata.client_name).toBe("tl");
  });
});

describe("OAuthSession", () => {
  it("gives the caller's login hint for its server, or none", async () => {
    const store = new MemoryOAuthStore();
    const hinted = await OAuthSession.open(
      "fx",
      url,
      {},
      {
        store,
        loginHint: (server) => `run: tinyloop login ${server}`,
      },
      "tl",
    );
    expect(hinted.loginHint()).toBe("run: tinyloop login fx");
    expect((await OAuthSession.open("fx", url, {}, { store }, "tl")).loginHint()).toBe("");
  });

  it("runs no login for an error that is not about authorization, or without a transport", async () => {
    const store = new MemoryOAuthStore();
    const session = await OAuthSession.open(
      "fx",
      url,
      {},
      {
        store,
        authorize: () => {
          throw new Error("nobody may be asked");
        },
      },
      "tl",
    );
    expect(session.needsLoginWithoutAuthorize()).toBe(false);
    expect(await session.recover(new Error("connection refused"), neverFinishes)).toBe(false);
    expect(await session.recover(new UnauthorizedError("login"), undefined)).toBe(false);
    // No authorization URL is pending (the SDK did not ask for one): nothing to show.
    expect(await session.recover(new UnauthorizedError("login"), neverFinishes)).toBe(false);
    const without = await OAuthSession.open("fx", url, {}, { store }, "tl");
    expect(without.needsLoginWithoutAuthorize()).toBe(true);
  });
});
