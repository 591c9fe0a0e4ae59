import { createRequire } from "node:module";
import type { ResultPromise } from "execa";
import { afterEach, describe, expect, it } from "vitest";
import { json, useE2eSession } from "../__fixtures__/e2e-session.js";
import { startServeIn } from "../__fixtures__/serve-process.js";

// `tinyloop serve` offers its MCP servers sampling: the built CLI, the real `everything` MCP
// server (its trigger-sampling-request tool) and the scripted model server, which answers
// both the agent's turns and the server's sampling request; chat completions over real HTTP.

const everythingPath = createRequire(import.meta.url).resolve(
  "@modelcontextprotocol/server-everything/dist/index.js",
);

const s = useE2eSession();
const running: ResultPromise[] = [];
afterEach(async () => {
  for (const child of running.splice(0)) {
    if (child.exitCode === null) child.kill("SIGTERM");
    await child;
  }
});

/** The model's turns: call the sampling tool, answer the server's sampling request, answer. */
const samplingScript = [
  {
    toolCalls: [
      { name: "mcp_everything_trigger-sampling-request", arguments: { prompt: "a poem" } },
    ],
  },
  { text: "Roses are red." }, // the server's sampling request, answered by the agent's model
  { text: "The server has its poem." },
];

/** Serves `mcp.json` (the everything server) with `args` and asks for a poem; the answer's text. */
async function askForPoem(args: string[]): Promise<string | undefined> {
  s.ws.write({
    "mcp.json": json({
      mcpServers: { everything: { command: process.execPath, args: [everythingPath, "stdio"] } },
    }),
  });
  const serve = await startServeIn(s.ws.dir, running, [
    "mcp.json",
    "--end-when",
    "text",
    ...args,
    ...s.modelFlags(),
  ]);
  const response = await fetch(`${serve.url}/v1/chat/completions`, {
    method: "POST",
    headers: { authorization: `Bearer ${serve.key}`, "content-type": "application/json" },
    body: JSON.stringify({ model: "any", messages: [{ role: "user", content: "get a poem" }] }),
  });
  expect(response.status).toBe(200);
  const body = (await response.json()) as { choices: Array<{ message: { content: string } }> };
  return body.choices[0]?.message.content;
}

const lastMessage = (body: unknown) =>
  (body as { messages: Array<{ role: string; content: unknown }> }).messages.at(-1);

describe("tinyloop serve: sampling requests of the agent's servers", () => {
  it("with --yes, the agent's own model answers them", async () => {
    const model = await s.withModel(samplingScript);
    expect(await askForPoem(["--yes"])).toBe("The server has its poem.");
    // The server's request reached the agent's model, and its answer went back to the server.
    expect(model.requests).toHaveLength(3);
    expect(JSON.stringify(model.requests[1]?.body)).toContain("a poem");
    expect(JSON.stringify(lastMessage(model.requests[2]?.body))).toContain("Roses are red.");
  });

  it("without --yes nobody can approve them: refused, the server reading how to allow it", async () => {
    const model = await s.withModel([samplingScript[0], { text: "No poem." }]);
    expect(await askForPoem(["--allow-tool", "mcp_everything_*"])).toBe("No poem.");
    expect(model.requests).toHaveLength(2);
    const refusal = String(lastMessage(model.requests[1]?.body)?.content);
    expect(refusal).toContain(
      "sampling needs approval, and the client that called the agent cannot be asked; the operator can allow it by restarting `tinyloop serve` with --yes",
    );
    // Without --mcp there is no /mcp caller to name.
    expect(refusal).not.toContain("/mcp");
  });
});
