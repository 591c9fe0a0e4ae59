import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { ApiError } from "./api-error.js";
import { generateApiKey, hasBearer, isUsableApiKey, requireBearer } from "./bearer-auth.js";
import type { ServerHints } from "./server-hints.js";

// requireBearer and hasBearer on real requests: a real HTTP server answers what they said.
const KEY = "tl-right-key-123";
let server: Server | undefined;
afterEach(async () => {
  await new Promise((resolve) => server?.close(resolve) ?? resolve(undefined));
  server = undefined;
});

async function check(authorization?: string, hints: ServerHints = {}) {
  const listening = createServer((req, res) => {
    let outcome: Record<string, unknown>;
    try {
      requireBearer(req, KEY, hints);
      outcome = { ok: true, has: hasBearer(req, KEY) };
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      const { status, type, code, headers, message } = error;
      outcome = { status, type, code, headers, message, has: hasBearer(req, KEY) };
    }
    res.end(JSON.stringify(outcome));
  });
  server = listening;
  await new Promise<void>((resolve) => listening.listen(0, "127.0.0.1", resolve));
  const { port } = listening.address() as AddressInfo;
  const response = await fetch(`http://127.0.0.1:${port}/`, {
    headers: authorization === undefined ? {} : { authorization },
  });
  return (await response.json()) as Record<string, unknown>;
}

const challenge = { "www-authenticate": 'Bearer realm="tinyloop"' };

describe("requireBearer", () => {
  it("accepts the key after Bearer, in any case of the scheme and with spaces around", async () => {
    expect(await check(`Bearer ${KEY}`)).toEqual({ ok: true, has: true });
    expect(await check(`bearer   ${KEY}  `)).toEqual({ ok: true, has: true });
  });

  it("answers 401 missing_api_key without a header, naming how to send the key", async () => {
    expect(await check()).toEqual({
      status: 401,
      type: "authentication_error",
      code: "missing_api_key",
      headers: challenge,
      message: "No API key given. Send the server's key as `Authorization: Bearer <key>`.",
      has: false,
    });
  });

  it("adds the caller's hints on where the key is found and how to fix a wrong one", async () => {
    const hints = {
      findApiKey: "the operator's start line shows it",
      fixApiKey: "Ask the operator.",
    };
    expect((await check(undefined, hints)).message).toBe(
      "No API key given. Send the server's key as `Authorization: Bearer <key>` (the operator's start line shows it).",
    );
    expect((await check("Bearer tl-wrong-key-456", hints)).message).toBe(
      "Incorrect API key. Ask the operator.",
    );
  });

  it("answers 401 invalid_api_key to a wrong key, a longer or shorter one, and another scheme", async () => {
    const wrong = {
      status: 401,
      type: "authentication_error",
      code: "invalid_api_key",
      headers: challenge,
      message: "Incorrect API key. Use the key the server's operator gave you.",
      has: false,
    };
    expect(await check("Bearer tl-wrong-key-456")).toEqual(wrong);
    expect(await check(`Bearer ${KEY}x`)).toEqual(wrong);
    expect(await check(`Bearer ${KEY.slice(0, -1)}`)).toEqual(wrong);
    const malformed = { ...wrong, message: "The Authorization header must read `Bearer <key>`." };
    expect(await check(`Basic ${KEY}`)).toEqual(malformed);
    expect(await check(KEY)).toEqual(malformed);
    expect(await check(`Bearer ${KEY} extra`)).toEqual(malformed);
    expect(await check(`xBearer ${KEY}`)).toEqual(malformed);
  });
});

describe("API keys", () => {
  it("generates tl- and 32 base64url characters, different each time", () => {
    const key = generateApiKey();
    expect(key).toMatch(/^tl-[A-Za-z0-9_-]{32}$/);
    expect(generateApiKey()).not.toBe(key);
    expect(isUsableApiKey(key)).toBe(true);
  });

  it("takes a key of 8 characters or more without white space, and nothing else", () => {
    expect(isUsableApiKey("12345678")).toBe(true);
    expect(isUsableApiKey("1234567")).toBe(false);
    expect(isUsableApiKey("1234 5678")).toBe(false);
    expect(isUsableApiKey(12345678)).toBe(false);
    expect(isUsableApiKey(undefined)).toBe(false);
  });
});
