import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { freePort } from "@tinyloop/test-fixtures";
import type { ResultPromise } from "execa";
import OpenAI from "openai";
import { afterEach, describe, expect, it } from "vitest";
import { runCli } from "../__fixtures__/cli-harness.js";
import { json, useE2eSession } from "../__fixtures__/e2e-session.js";
import { startServeIn } from "../__fixtures__/serve-process.js";

// `tinyloop serve` as tiny-agents' clients use it: PORT, any model id, image URLs,
// driven by the official openai client.

const s = useE2eSession();
const running: ResultPromise[] = [];
let imageServer: Server | undefined;
afterEach(async () => {
  for (const child of running.splice(0)) {
    if (child.exitCode === null) child.kill("SIGTERM");
    await child;
  }
  await new Promise<void>((resolve) =>
    imageServer ? imageServer.close(() => resolve()) : resolve(),
  );
  imageServer = undefined;
});

async function serve(args: string[], env: Record<string, string>) {
  const { url, key } = await startServeIn(s.ws.dir, running, args, env);
  return { url: `${url}/v1`, key };
}

const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==",
  "base64",
);

async function startImageServer(): Promise<string> {
  imageServer = createServer((_req, res) => {
    res.writeHead(200, { "content-type": "image/png", "content-length": PNG.length });
    res.end(PNG);
  });
  await new Promise<void>((resolve) => imageServer?.listen(0, "127.0.0.1", resolve));
  return `http://127.0.0.1:${(imageServer.address() as AddressInfo).port}/cat.png`;
}

describe("serve for tiny-agents clients", () => {
  it("listens on PORT when --port is absent and answers any model id with the agent's id", async () => {
    await s.withModel([{ text: "served on PORT" }]);
    s.ws.write({ "mcp.json": json({ mcpServers: { fixture: s.ws.fixture() } }) });
    const port = await freePort();
    const { url, key } = await serve(["mcp.json", ...s.modelFlags()], { PORT: String(port) });
    expect(url).toBe(`http://127.0.0.1:${port}/v1`);
    const client = new OpenAI({ baseURL: url, apiKey: key });
    const completion = await client.chat.completions.create({
      model: "Qwen/Qwen2.5-72B-Instruct",
      messages: [{ role: "user", content: "hi" }],
    });
    expect(completion.choices[0]?.message.content).toBe("served on PORT");
    expect(completion.model).toBe("mcp");
  });

  it("--port wins over PORT; a PORT that is no port number is a usage error", async () => {
    s.ws.write({ "mcp.json": json({ mcpServers: { fixture: s.ws.fixture() } }) });
    const bad = await runCli(["serve", "mcp.json"], { cwd: s.ws.dir, env: { PORT: "eighty" } });
    expect(bad.exitCode).toBe(2);
    expect(bad.stderr).toContain(
      'PORT: expected a whole number from 0 to 65535, got "eighty" (example: PORT=8080; --port wins over PORT)',
    );
    await s.withModel([]);
    const { url } = await serve(["mcp.json", "--port", "0", ...s.modelFlags()], {
      PORT: "eighty",
    });
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/v1$/);
  });

  it("refuses http(s) image URLs unless --allow-image-urls; then the model gets the fetched image", async () => {
    const model = await s.withModel([{ text: "a cat" }]);
    s.ws.write({ "mcp.json": json({ mcpServers: { fixture: s.ws.fixture() } }) });
    const imageUrl = await startImageServer();
    const message = {
      role: "user" as const,
      content: [
        { type: "text" as const, text: "what is this?" },
        { type: "image_url" as const, image_url: { url: imageUrl } },
      ],
    };

    const strict = await serve(["mcp.json", "--port", "0", ...s.modelFlags()], {});
    const refused = new OpenAI({ baseURL: strict.url, apiKey: strict.key, maxRetries: 0 });
    await expect(
      refused.chat.completions.create({ model: "any", messages: [message] }),
    ).rejects.toThrow(
      /messages\[0\]\.content\[1\]\.image_url\.url: this server does not fetch image URLs .*restarting `tinyloop serve` with --allow-image-urls/,
    );
    expect(model.requests).toHaveLength(0);

    const open = await serve(
      ["mcp.json", "--port", "0", "--allow-image-urls", ...s.modelFlags()],
      {},
    );
    const client = new OpenAI({ baseURL: open.url, apiKey: open.key, maxRetries: 0 });
    const completion = await client.chat.completions.create({ model: "any", messages: [message] });
    expect(completion.choices[0]?.message.content).toBe("a cat");
    expect(model.requests[0]?.rawBody).toContain(`data:image/png;base64,${PNG.toString("base64")}`);
  });
});
