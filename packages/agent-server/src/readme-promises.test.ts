import { mkdtemp, rm } from "node:fs/promises";
import { request } from "node:http";
import { connect } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createOpenAICompatible } from "@tinyloop/inference-adapters";
import { ToolRegistry } from "@tinyloop/registry";
import { afterEach, describe, expect, it } from "vitest";
import { MODEL_NAME, type ServeRig, startServeRig } from "./__fixtures__/serve-rig.js";
import { resolveServerOptions } from "./server-options.js";

// Promises of the README that no other test held: each test here fails when the behaviour
// it names is taken out (checked by breaking the code by hand; see the README's list).
let rig: ServeRig | undefined;
afterEach(async () => {
  const left = await rig?.close();
  rig = undefined;
  expect(left ?? []).toEqual([]);
});

const ask = (content: string) => ({
  model: MODEL_NAME,
  messages: [{ role: "user" as const, content }],
});

/** POSTs `body` in chunks without a Content-Length; resolves to the status and the answer. */
function postChunked(url: string, apiKey: string, chunks: string[]) {
  return new Promise<{ status: number; body: string }>((resolve, reject) => {
    const req = request(
      `${url}/v1/chat/completions`,
      {
        method: "POST",
        headers: {
          authorization: `Bearer ${apiKey}`,
          "content-type": "application/json",
          "transfer-encoding": "chunked",
        },
      },
      (res) => {
        let body = "";
        res.setEncoding("utf8");
        res.on("data", (part: string) => {
          body += part;
        });
        res.on("end", () => resolve({ status: res.statusCode ?? 0, body }));
      },
    );
    // The server may answer 413 and close before every chunk is written.
    req.on("error", (error) => {
      if ((error as NodeJS.ErrnoException).code !== "EPIPE") reject(error);
    });
    for (const chunk of chunks) req.write(chunk);
    req.end();
  });
}

describe("request bodies", () => {
  it("answers 413 to a chunked body (no Content-Length) once it grows past the limit", async () => {
    rig = await startServeRig([{ text: "never asked" }], { maxBodyBytes: 1_000 });
    const body = JSON.stringify(ask("x".repeat(3_000)));
    const chunks = body.match(/[\s\S]{1,400}/g) ?? [];
    const answer = await postChunked(rig.url, rig.server.apiKey, chunks);
    expect(answer.status).toBe(413);
    expect(JSON.parse(answer.body)).toMatchObject({ error: { code: "request_too_large" } });
    expect(rig.modelServer.requests).toHaveLength(0);
  });
});

describe("the chat page's headers", () => {
  it("serves the page under a CSP that allows only its own scripts, styles and connections", async () => {
    rig = await startServeRig([]);
    const page = await rig.call("/", { auth: false });
    expect(page.status).toBe(200);
    const csp = page.headers.get("content-security-policy") ?? "";
    const directives = Object.fromEntries(
      csp.split(";").map((directive) => {
        const [name = "", ...values] = directive.trim().split(/\s+/);
        return [name, values.join(" ")];
      }),
    );
    expect(directives).toMatchObject({
      "default-src": "'self'",
      "script-src": "'self'",
      "style-src": "'self'",
      "connect-src": "'self'",
      "frame-ancestors": "'none'",
    });
    expect(page.headers.get("x-content-type-options")).toBe("nosniff");
    expect(page.headers.get("referrer-policy")).toBe("no-referrer");
  });
});

describe("answers", () => {
  it("ends with finish_reason length when the run used up its turns", async () => {
    rig = await startServeRig(
      {
        turns: [{ toolCalls: [{ id: "c", name: "mcp_fx_echo", arguments: { text: "again" } }] }],
        cycle: true,
      },
      { maxTurns: 2 },
    );
    const completion = await rig.client.chat.completions.create(ask("loop forever"));
    expect(completion.choices[0]?.finish_reason).toBe("length");
    const extension = (completion as unknown as { tinyloop: Record<string, unknown> }).tinyloop;
    expect(extension).toMatchObject({ stop_reason: "max-turns", turns: 2 });
  });

  it("cuts a tool result to maxResultChars in the tool_result extension and says so", async () => {
    rig = await startServeRig(
      [
        { toolCalls: [{ id: "b", name: "mcp_fx_big", arguments: { bytes: 500 } }] },
        { toolCalls: [{ id: "s", name: "mcp_fx_echo", arguments: { text: "short" } }] },
        { text: "done" },
      ],
      { maxResultChars: 100 },
    );
    const completion = await rig.client.chat.completions.create(ask("big then small"));
    const events = (
      completion as unknown as { tinyloop: { events: Array<Record<string, unknown>> } }
    ).tinyloop.events;
    const results = events.filter((event) => event.type === "tool_result");
    expect(results).toEqual([
      expect.objectContaining({ id: "b", result: "x".repeat(100), truncated: true }),
      expect.objectContaining({ id: "s", result: "short", truncated: false }),
    ]);
    // The model itself got the whole result (agent-loop's own limit, far above 500).
    const second = rig.modelServer.requests[1]?.body as { messages: Array<{ content: unknown }> };
    expect(second.messages.at(-1)?.content).toBe("x".repeat(500));
  });

  it("keeps a waiting stream open with keep-alive comments, every 15 s by default", async () => {
    const model = createOpenAICompatible({ baseURL: "http://127.0.0.1:9/v1", model: "m" });
    expect(resolveServerOptions({ model, registry: new ToolRegistry() }).keepAliveMs).toBe(15_000);
    rig = await startServeRig([{ text: "first words", hang: true }], { keepAliveMs: 20 });
    const response = await rig.call("/v1/chat/completions", {
      method: "POST",
      body: JSON.stringify({ ...ask("wait"), stream: true }),
    });
    const reader = response.body?.getReader();
    const decoder = new TextDecoder();
    let text = "";
    while (!text.includes(": keep-alive\n\n")) {
      const { value, done } = (await reader?.read()) ?? { done: true };
      if (done) break;
      text += decoder.decode(value, { stream: true });
    }
    expect(text).toContain(": keep-alive\n\n");
    await reader?.cancel();
  });
});

describe("GET /healthz", () => {
  const health = async (current: ServeRig) =>
    (await (await current.call("/healthz")).json()) as { status: string };

  it("says degraded while an MCP server is not ready, and ok again once it is", async () => {
    rig = await startServeRig([]);
    const current = rig;
    expect(await health(current)).toMatchObject({
      status: "ok",
      servers: [{ name: "fx", state: "ready" }],
    });
    // The fixture server is killed: until it is back, the agent runs without its tools.
    const stats = await current.registry.dispatch("mcp_fx_stats", {});
    const { pid } = JSON.parse((stats.content[0] as { text: string }).text) as { pid: number };
    expect(pid).toBeGreaterThan(0);
    process.kill(pid, "SIGKILL");
    await expect
      .poll(() => health(current), { timeout: 15_000, interval: 5 })
      .toMatchObject({ status: "degraded" });
    await expect.poll(async () => (await health(current)).status, { timeout: 15_000 }).toBe("ok");
  });

  it("counts an idle lazy server (not started, tools from the manifest cache) as usable: ok", async () => {
    const manifests = await mkdtemp(join(tmpdir(), "tinyloop-serve-manifests-"));
    try {
      rig = await startServeRig([], {}, { lazyManifestDir: manifests });
      expect(await (await rig.call("/healthz")).json()).toMatchObject({
        status: "ok",
        servers: [{ name: "fx", state: "idle", usable: true }],
      });
      expect(await (await rig.call("/tinyloop/v1/tools")).json()).toMatchObject({
        servers: [{ name: "fx", state: "idle", usable: true }],
      });
    } finally {
      const left = await rig?.close();
      rig = undefined;
      expect(left).toEqual([]);
      await rm(manifests, { recursive: true, force: true });
    }
  });

  it("answers 503 draining on a connection that was open when shutdown began", async () => {
    rig = await startServeRig([{ text: "slow", hang: true }]);
    const current = rig;
    // A streaming run keeps the server in its grace period.
    const running = current.call("/v1/chat/completions", {
      method: "POST",
      body: JSON.stringify({ ...ask("hang"), stream: true }),
    });
    const reader = (await running).body?.getReader();
    await reader?.read();
    // A client has begun a /healthz request (headers not yet finished) when shutdown starts.
    const { port } = new URL(current.url);
    const socket = connect(Number(port), "127.0.0.1");
    await new Promise<void>((resolve) => socket.once("connect", () => resolve()));
    socket.write(
      `GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${current.server.apiKey}\r\n`,
    );
    const answer = new Promise<string>((resolve) => {
      let text = "";
      socket.setEncoding("utf8");
      socket.on("data", (part: string) => {
        text += part;
        if (text.includes("}")) resolve(text);
      });
      socket.on("close", () => resolve(text));
    });
    const closing = current.server.close({ graceMs: 60_000 });
    socket.write("Connection: close\r\n\r\n");
    const raw = await answer;
    expect(raw).toMatch(/^HTTP\/1\.1 503/);
    expect(JSON.parse(raw.slice(raw.indexOf("{")))).toMatchObject({
      status: "draining",
      in_flight: 1,
    });
    socket.destroy();
    await reader?.cancel().catch(() => undefined);
    await current.server.close({ graceMs: 0 });
    await closing;
  });
});
