import { createRequire } from "node:module";
import type { Page } from "@tinyloop/test-fixtures/browser";
import { CHROMIUM, describeNeeding } from "@tinyloop/test-fixtures/outside-programs";
import { describe, expect, it } from "vitest";
import { json, useE2eSession } from "../__fixtures__/e2e-session.js";
import { useServeChatPage } from "../__fixtures__/serve-chat-page.js";

// `tinyloop serve` offers its MCP servers sampling: the built CLI, the real `everything` MCP
// server (its trigger-sampling-request tool) and the scripted model server, which answers
// both the agent's turns and the server's sampling request; chat completions over real HTTP,
// and the chat page in Debian's chromium for --approve-in-page.

const everythingPath = createRequire(import.meta.url).resolve(
  "@modelcontextprotocol/server-everything/dist/index.js",
);

const s = useE2eSession();
const chat = useServeChatPage();

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

/** Serves `mcp.json` (the everything server) with `args`; its URL and key. */
function serveEverything(args: string[]) {
  s.ws.write({
    "mcp.json": json({
      mcpServers: { everything: { command: process.execPath, args: [everythingPath, "stdio"] } },
    }),
  });
  return chat.serve(s.ws.dir, ["mcp.json", "--end-when", "text", ...args, ...s.modelFlags()]);
}

/** Serves the everything server with `args` and asks for a poem; the answer's text. */
async function askForPoem(args: string[]): Promise<string | undefined> {
  const serve = await serveEverything(args);
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

describeNeeding(CHROMIUM)("tinyloop serve --approve-in-page: sampling asked in Chromium", () => {
  /** Serves with --approve-in-page, opens the chat page and asks it for a poem; the page. */
  async function askInPage(): Promise<Page> {
    const serve = await serveEverything(["--approve-in-page", "--allow-tool", "mcp_everything_*"]);
    return chat.ask(serve, "get a poem");
  }

  it("the page's Allow lets the agent's own model answer the server", async () => {
    const model = await s.withModel(samplingScript);
    const current = await askInPage();
    const box = current.getByTestId("sampling-approval");
    await box.waitFor();
    expect(await box.locator("h4").textContent()).toBe(
      "Allow the MCP server everything to use the agent's model?",
    );
    expect(await box.getByTestId("sampling-question").textContent()).toBe(
      "The agent's MCP server everything asks to use the agent's model (up to 100 tokens): \"Resource trigger-sampling-request context: a poem\". Allow this request?",
    );
    // The model was not asked for the server while the question waits.
    expect(model.requests).toHaveLength(1);
    await box.getByTestId("sampling-approve").click();
    await expect
      .poll(() => current.getByTestId("message-assistant").textContent(), { timeout: 20_000 })
      .toContain("The server has its poem.");
    expect(JSON.stringify(lastMessage(model.requests[2]?.body))).toContain("Roses are red.");
  });

  it("the page's Deny refuses it, and the server reads that the user in the page declined", async () => {
    const model = await s.withModel([samplingScript[0], { text: "No poem." }]);
    const current = await askInPage();
    const box = current.getByTestId("sampling-approval");
    await box.getByTestId("sampling-deny").click();
    await expect
      .poll(() => current.getByTestId("message-assistant").textContent(), { timeout: 20_000 })
      .toContain("No poem.");
    expect(await box.getByTestId("approval-answer").textContent()).toBe("Denied.");
    expect(String(lastMessage(model.requests[1]?.body)?.content)).toContain(
      "the user in the chat page declined the sampling request",
    );
  });
});
