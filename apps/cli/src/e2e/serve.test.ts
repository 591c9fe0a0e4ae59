import { DEFAULT_PORT } from "@tinyloop/agent-server";
import { processesWithMarker } from "@tinyloop/test-fixtures";
import { execa, type ResultPromise } from "execa";
import { afterEach, describe, expect, it } from "vitest";
import { runCli } from "../__fixtures__/cli-harness.js";
import { json, useE2eSession } from "../__fixtures__/e2e-session.js";
import { startServeIn } from "../__fixtures__/serve-process.js";

// `tinyloop serve` as a user runs it: the built CLI, a real fixture MCP server process and
// the scripted model server; requests over real HTTP.

const s = useE2eSession();
const running: ResultPromise[] = [];
// Registered after the session's checks, so it runs before them: a failed test's server
// is stopped before the leftover check looks for processes.
afterEach(async () => {
  for (const child of running.splice(0)) {
    if (child.exitCode === null) child.kill("SIGTERM");
    await child;
  }
});

/** Starts `tinyloop serve` in this test's workspace and reads the URL and key it prints. */
const startServe = (args: string[], env: Record<string, string> = {}) =>
  startServeIn(s.ws.dir, running, args, env);

const post = (url: string, key: string, body: unknown) =>
  fetch(`${url}/v1/chat/completions`, {
    method: "POST",
    headers: { authorization: `Bearer ${key}`, "content-type": "application/json" },
    body: JSON.stringify(body),
  });

/** The assistant's text in a non-streamed chat completion. */
async function replyText(response: Response): Promise<string | undefined> {
  const body = (await response.json()) as { choices: Array<{ message: { content: string } }> };
  return body.choices[0]?.message.content;
}

/**
 * The scripted model calls the fixture's `add` (which needs approval) with 1 and 2, then says
 * `reply`; `mcp.json` names the fixture server.
 */
async function addThenSay(reply: string) {
  const model = await s.withModel([
    { toolCalls: [{ name: "mcp_fixture_add", arguments: { a: 1, b: 2 } }] },
    { text: reply },
  ]);
  s.ws.write({ "mcp.json": json({ mcpServers: { fixture: s.ws.fixture() } }) });
  return model;
}

/**
 * Asks `serve` to add 1 and 2 (after {@link addThenSay}`("I may not add.")`), checks the
 * answer, and returns the tool message the model read: the refusal.
 */
async function refusedAdd(
  serve: { url: string; key: string },
  model: { requests: Array<{ body: unknown }> },
): Promise<string | undefined> {
  const response = await post(serve.url, serve.key, {
    model: "mcp",
    messages: [{ role: "user", content: "add 1 and 2" }],
  });
  expect(await replyText(response)).toBe("I may not add.");
  const second = model.requests[1]?.body as { messages: Array<{ role: string; content: string }> };
  return second.messages.find((m) => m.role === "tool")?.content;
}

describe("tinyloop serve", () => {
  it("--tool-format hermes: every request's model gets the tools in its prompt, no tools field, and its text calls run", async () => {
    const model = await s.withModel([
      {
        text: '<tool_call>\n{"name": "mcp_fixture_echo", "arguments": {"text": "served"}}\n</tool_call>',
      },
      { text: "Echoed." },
    ]);
    s.ws.write({ "mcp.json": json({ mcpServers: { fixture: s.ws.fixture() } }) });
    const serve = await startServe([
      "mcp.json",
      "--tool-format",
      "hermes",
      "--yes",
      ...s.modelFlags(),
    ]);
    const response = await post(serve.url, serve.key, {
      model: "mcp",
      messages: [{ role: "user", content: "echo" }],
    });
    const answer = (await response.json()) as {
      choices: Array<{ message: { content: string } }>;
      tinyloop: { events: Array<{ type: string; outcome?: string }> };
    };
    expect(answer.choices[0]?.message.content).toBe("Echoed.");
    expect(answer.tinyloop.events.find((e) => e.type === "tool_result")?.outcome).toBe("ok");
    expect(model.requests.map((request) => "tools" in (request.body as object))).toEqual([
      false,
      false,
    ]);
    const first = model.requests[0]!.body as { messages: Array<{ content: string }> };
    expect(first.messages[0]?.content).toContain("<tools>");
  });

  it("answers with the agent's MCP tools from one shared server process, and SIGTERM drains a request in flight before closing", async () => {
    const model = await s.withModel([
      { text: "Hello there." },
      { toolCalls: [{ name: "mcp_fixture_sleep", arguments: { ms: 1_500 } }] },
      { text: "Slept well." },
    ]);
    s.ws.write({ "mcp.json": json({ mcpServers: { fixture: s.ws.fixture() } }) });
    const serve = await startServe([
      "mcp.json",
      "--name",
      "fixture-agent",
      "--allow-tool",
      "mcp_fixture_sl*",
      ...s.modelFlags(),
    ]);
    expect(serve.stderr()).toContain("1/1 servers");
    const auth = { authorization: `Bearer ${serve.key}` };
    const models = await (await fetch(`${serve.url}/v1/models`, { headers: auth })).json();
    expect(models).toMatchObject({ data: [{ id: "fixture-agent" }] });
    const health = await (await fetch(`${serve.url}/healthz`, { headers: auth })).json();
    expect(health).toMatchObject({ status: "ok", servers: [{ name: "fixture", state: "ready" }] });
    // Without the key: the status alone, for a load balancer's probe.
    const probe = await fetch(`${serve.url}/healthz`);
    expect(probe.status).toBe(200);
    expect(await probe.json()).toEqual({ status: "ok" });
    // The chat page ships with the bundled CLI too.
    const page = await fetch(`${serve.url}/`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain("<title>tinyloop</title>");

    const hello = await post(serve.url, serve.key, {
      model: "fixture-agent",
      messages: [{ role: "user", content: "hi" }],
    });
    expect(await replyText(hello)).toBe("Hello there.");

    // The second request sleeps in the MCP server when SIGTERM arrives: it still finishes.
    const slow = post(serve.url, serve.key, {
      model: "fixture-agent",
      messages: [{ role: "user", content: "sleep" }],
    });
    await expect.poll(() => model.requests[1]?.completed, { timeout: 30_000 }).toBe(true);
    expect(processesWithMarker(s.ws.marker)).toHaveLength(1); // one server for every request
    serve.child.kill("SIGTERM");
    const answer = (await (await slow).json()) as {
      choices: Array<{ message: { content: string } }>;
      tinyloop: { events: Array<{ type: string; outcome?: string }> };
    };
    expect(answer.choices[0]?.message.content).toBe("Slept well.");
    expect(answer.tinyloop.events.find((e) => e.type === "tool_result")?.outcome).toBe("ok");
    const result = await serve.child;
    expect(result.exitCode).toBe(143);
    await expect(fetch(`${serve.url}/healthz`, { headers: auth })).rejects.toThrow();
  });

  it("says on stderr when its server went down and when it is back, and nothing at exit", async () => {
    await s.withModel([{ text: "unused" }]);
    s.ws.write({ "mcp.json": json({ mcpServers: { fixture: s.ws.fixture() } }) });
    const serve = await startServe(["mcp.json", ...s.modelFlags()]);
    const fixtureLines = () =>
      serve
        .stderr()
        .split("\n")
        .filter((line) => line.includes("server fixture"));
    const servers = processesWithMarker(s.ws.marker);
    expect(servers).toHaveLength(1);
    process.kill(servers[0]?.pid ?? 0, "SIGKILL");
    await expect.poll(fixtureLines, { timeout: 30_000 }).toHaveLength(2);
    expect(fixtureLines()).toEqual([
      expect.stringMatching(/^! server fixture went down: .+; reconnecting$/),
      "✓ server fixture is back · 15 tools",
    ]);
    serve.child.kill("SIGTERM");
    expect((await serve.child).exitCode).toBe(143);
    expect(fixtureLines()).toHaveLength(2); // closing the server on exit is not a drop
  });

  it("Ctrl+C waits for requests in flight, and a second Ctrl+C stops them, telling the client why", async () => {
    await s.withModel([{ toolCalls: [{ name: "mcp_fixture_hang", arguments: {} }] }]);
    s.ws.write({ "mcp.json": json({ mcpServers: { fixture: s.ws.fixture() } }) });
    const serve = await startServe(["mcp.json", "--yes", "--grace", "600", ...s.modelFlags()]);
    const response = await post(serve.url, serve.key, {
      model: "mcp",
      stream: true,
      messages: [{ role: "user", content: "hang" }],
    });
    const reader = response.body?.getReader();
    let text = "";
    const decoder = new TextDecoder();
    while (!text.includes('"tool_call"')) {
      const chunk = await reader?.read();
      if (!chunk || chunk.done) break;
      text += decoder.decode(chunk.value);
    }
    serve.child.kill("SIGINT");
    await expect
      .poll(() => serve.stderr(), { timeout: 30_000 })
      .toContain("waiting up to 600 s for 1 request(s) to finish");
    serve.child.kill("SIGINT");
    for (;;) {
      const chunk = await reader?.read();
      if (!chunk || chunk.done) break;
      text += decoder.decode(chunk.value);
    }
    expect(text).toContain('"code":"server_shutdown"');
    expect((await serve.child).exitCode).toBe(130);
  });

  it("refuses tools that need approval, telling the model which flag allows them, and takes the key from --api-key-env", async () => {
    const model = await addThenSay("I may not add.");
    const serve = await startServe(["mcp.json", "--api-key-env", "SERVE_KEY", ...s.modelFlags()], {
      SERVE_KEY: "key-from-the-environment",
    });
    // The key came from the environment: it is never printed, the link says where it is.
    expect(serve.stderr()).not.toContain("key-from-the-environment");
    expect(serve.stderr()).not.toContain("#key=");
    expect(serve.stderr()).toContain("from $SERVE_KEY (not printed)");
    expect(serve.stderr()).toMatch(
      /chat page {2}http:\/\/127\.0\.0\.1:\d+\/ {2}\(the page asks for the key: the value of \$SERVE_KEY\)/,
    );
    const refused = await post(serve.url, "wrong-key-123", { model: "mcp", messages: [] });
    expect(refused.status).toBe(401);
    expect(await refusedAdd(serve, model)).toMatch(
      /mcp_fixture_add needs approval.*--allow-tool mcp_fixture_add \(or --yes for every tool\)/,
    );
    serve.child.kill("SIGTERM");
    expect((await serve.child).exitCode).toBe(143);
  });

  it("prints a curl line that works as pasted, naming the served model id (the key from the environment only as its variable)", async () => {
    await s.withModel([{ text: "Hello from the agent." }, { text: "Hello again." }]);
    s.ws.write({ "research/agent.json": json({ servers: [s.ws.fixture()] }) });
    const tryLine = (stderr: string) => /^ {2}try it {5}(curl .*)$/m.exec(stderr)?.[1] ?? "";
    const answerOf = async (line: string, env: Record<string, string> = {}) => {
      const { stdout } = await execa("sh", ["-c", line], { env });
      return JSON.parse(stdout) as {
        model: string;
        choices: Array<{ message: { content: string } }>;
      };
    };

    const generated = await startServe(["research", ...s.modelFlags()]);
    const line = tryLine(generated.stderr());
    expect(line).toContain(
      `-d '{"model":"research","messages":[{"role":"user","content":"Hello"}]}'`,
    );
    const answer = await answerOf(line);
    expect(answer.model).toBe("research");
    expect(answer.choices[0]?.message.content).toBe("Hello from the agent.");
    generated.child.kill("SIGTERM");
    await generated.child;

    const fromEnvironment = await startServe(
      [
        "research",
        "--name",
        "my-team/research:v2",
        "--api-key-env",
        "SERVE_KEY",
        ...s.modelFlags(),
      ],
      { SERVE_KEY: "key-from-the-environment" },
    );
    const envLine = tryLine(fromEnvironment.stderr());
    expect(envLine).toContain('-H "Authorization: Bearer $SERVE_KEY"');
    expect(fromEnvironment.stderr()).not.toContain("key-from-the-environment");
    const again = await answerOf(envLine, { SERVE_KEY: "key-from-the-environment" });
    expect(again.model).toBe("my-team/research:v2");
    expect(again.choices[0]?.message.content).toBe("Hello again.");
    fromEnvironment.child.kill("SIGTERM");
    await fromEnvironment.child;
  });

  it("--approve-in-page: the page is told to ask, and a request that does not stream is still refused, saying so", async () => {
    const model = await addThenSay("I may not add.");
    const serve = await startServe(["mcp.json", "--approve-in-page", ...s.modelFlags()]);
    const tools = await fetch(`${serve.url}/tinyloop/v1/tools`, {
      headers: { authorization: `Bearer ${serve.key}` },
    });
    expect(((await tools.json()) as { approve_in_page: boolean }).approve_in_page).toBe(true);
    expect(await refusedAdd(serve, model)).toContain(
      "with --approve-in-page it is asked only in streaming requests",
    );
    serve.child.kill("SIGTERM");
    await serve.child;
  });

  it("runs the tools a server's entry lists in autoApprove without --allow-tool", async () => {
    const model = await addThenSay("It is 3.");
    s.ws.write({
      "mcp.json": json({ mcpServers: { fixture: { ...s.ws.fixture(), autoApprove: ["add"] } } }),
    });
    const serve = await startServe(["mcp.json", ...s.modelFlags()]);
    const response = await post(serve.url, serve.key, {
      model: "mcp",
      messages: [{ role: "user", content: "add 1 and 2" }],
    });
    expect(response.status).toBe(200);
    const second = model.requests[1]?.body as {
      messages: Array<{ role: string; content: string }>;
    };
    expect(second.messages.find((m) => m.role === "tool")?.content).toBe("3");
    serve.child.kill("SIGTERM");
    expect((await serve.child).exitCode).toBe(143);
  });

  it("--end-when two-texts: a request's agent goes on after the model narrates between tool calls", async () => {
    const model = await s.withModel([
      { toolCalls: [{ name: "mcp_fixture_add", arguments: { a: 1, b: 2 } }] },
      { text: "Now I'll echo the sum." },
      { toolCalls: [{ name: "mcp_fixture_echo", arguments: { text: "3" } }] },
      { text: "The sum is 3." },
      { text: "" },
    ]);
    s.ws.write({ "mcp.json": json({ mcpServers: { fixture: s.ws.fixture() } }) });
    const serve = await startServe([
      "mcp.json",
      "--yes",
      "--end-when",
      "two-texts",
      ...s.modelFlags(),
    ]);
    const response = await post(serve.url, serve.key, {
      model: "mcp",
      messages: [{ role: "user", content: "add 1 and 2, then echo it" }],
    });
    expect(response.status).toBe(200);
    expect(await replyText(response)).toContain("The sum is 3.");
    expect(model.requests).toHaveLength(5);
    serve.child.kill("SIGTERM");
    expect((await serve.child).exitCode).toBe(143);
  });

  it("--lazy: starts no MCP server until a request calls one of its tools, then exactly one", async () => {
    s.ws.write({ "mcp.json": json({ mcpServers: { fixture: s.ws.fixture() } }) });
    const env = { TINYLOOP_CACHE_DIR: s.ws.path("cache") };
    // A first lazy use caches the server's manifest; its process is gone afterwards.
    const prime = await runCli(["mcp", "tools", "mcp.json", "--lazy"], { cwd: s.ws.dir, env });
    expect(prime.exitCode).toBe(0);
    expect(await s.ws.leftovers()).toEqual([]);

    const model = await s.withModel([
      { text: "Hello." },
      { toolCalls: [{ name: "mcp_fixture_add", arguments: { a: 2, b: 3 } }] },
      { text: "It is 5." },
    ]);
    const serve = await startServe(["mcp.json", "--lazy", "--yes", ...s.modelFlags()], env);
    expect(processesWithMarker(s.ws.marker)).toEqual([]);
    expect(serve.stderr()).toMatch(/ 1\/1 servers \(1 lazy: starts on first use\) · \d+ tools/);
    const health = await (
      await fetch(`${serve.url}/healthz`, { headers: { authorization: `Bearer ${serve.key}` } })
    ).json();
    expect(health).toMatchObject({ servers: [{ name: "fixture", state: "idle" }] });

    // A request that calls no tool starts nothing.
    const hello = await post(serve.url, serve.key, {
      model: "mcp",
      messages: [{ role: "user", content: "hi" }],
    });
    expect(hello.status).toBe(200);
    expect(processesWithMarker(s.ws.marker)).toEqual([]);

    const add = await post(serve.url, serve.key, {
      model: "mcp",
      messages: [{ role: "user", content: "add 2 and 3" }],
    });
    expect(await replyText(add)).toBe("It is 5.");
    const third = model.requests[2]?.body as { messages: Array<{ role: string; content: string }> };
    expect(third.messages.find((m) => m.role === "tool")?.content).toBe("5");
    expect(processesWithMarker(s.ws.marker)).toHaveLength(1);
    serve.child.kill("SIGTERM");
    expect((await serve.child).exitCode).toBe(143);
  });

  it("--tool-search always: the model gets tool_search and no MCP tool first, finds add and calls it in the same request", async () => {
    const model = await s.withModel([
      { toolCalls: [{ name: "tool_search", arguments: { query: "add two numbers" } }] },
      { toolCalls: [{ name: "mcp_fixture_add", arguments: { a: 2, b: 3 } }] },
      { text: "The sum is 5." },
    ]);
    s.ws.write({ "mcp.json": json({ mcpServers: { fixture: s.ws.fixture() } }) });
    const serve = await startServe([
      "mcp.json",
      "--tool-search",
      "always",
      "--allow-tool",
      "mcp_fixture_add",
      ...s.modelFlags(),
    ]);
    const response = await post(serve.url, serve.key, {
      model: "mcp",
      messages: [{ role: "user", content: "2+3?" }],
    });
    expect(await replyText(response)).toBe("The sum is 5.");
    type Body = {
      tools?: Array<{ function: { name: string } }>;
      messages: Array<{ role: string; content?: unknown }>;
    };
    const offered = (index: number) =>
      ((model.requests[index]?.body ?? { messages: [] }) as Body).tools?.map(
        (tool) => tool.function.name,
      ) ?? [];
    expect(model.requests).toHaveLength(3);
    expect(offered(0)).toContain("tool_search");
    expect(offered(0)).toContain("task_complete"); // built-in tools are never kept back
    expect(offered(0).filter((name) => name.startsWith("mcp_fixture_"))).toEqual([]);
    expect(offered(1)).toContain("mcp_fixture_add");
    const last = ((model.requests[2]?.body ?? { messages: [] }) as Body).messages;
    expect(last.filter((m) => m.role === "tool").at(-1)?.content).toBe("5");
    serve.child.kill("SIGTERM");
    expect((await serve.child).exitCode).toBe(143);
  });

  it("refuses to serve when no configured server connected, as run does, unless --allow-no-servers", async () => {
    s.ws.write({
      "mcp.json": json({
        mcpServers: {
          fixture: {
            ...s.ws.fixture(["--stderr-line", "no database here", "--exit-on-start", "1"]),
            reconnect: { baseDelay: 0.01, maxDelay: 0.05 }, // not the default backoff's 8 s
          },
        },
      }),
    });
    const flags = ["--endpoint-url", "http://127.0.0.1:9/v1", "--model", "m"];
    const refused = await runCli(["serve", "mcp.json", "--port", "0", ...flags], {
      cwd: s.ws.dir,
    });
    expect(refused.exitCode).toBe(1);
    expect(refused.stderr).toContain("no database here");
    expect(refused.stderr).toContain("tinyloop: no server connected (fixture — ");
    expect(refused.stderr).toContain(
      "; fix the server, or run with --allow-no-servers to go on without tools",
    );
    expect(refused.stderr).not.toContain("Ctrl+C or SIGTERM stops");
    expect(refused.stderr).not.toMatch(/\n\s+at /); // no stack

    const serve = await startServe(["mcp.json", "--allow-no-servers", ...flags]);
    expect(serve.stderr()).toContain("0/1 servers");
    expect(serve.stderr()).not.toContain("no server connected");
    serve.child.kill("SIGTERM");
    expect((await serve.child).exitCode).toBe(143);
  });

  it("serve --help lists --lazy, --tool-search, --allow-no-servers and --end-when, and an unknown --tool-search mode is refused with the choices", async () => {
    const help = await runCli(["serve", "--help"], { cwd: s.ws.dir });
    expect(help.exitCode).toBe(0);
    expect(help.stdout).toMatch(/--lazy\s+start each server on first use/);
    expect(help.stdout).toMatch(/--tool-search <mode>\s+keep tools back behind tool_search/);
    expect(help.stdout).toMatch(/--allow-no-servers\s+go on when every configured server failed/);
    expect(help.stdout).toMatch(/--end-when <mode>\s+when a run ends: text/);
    // The help names agent-server's default port (written out there to keep agent-server out of --help).
    expect(help.stdout).toMatch(new RegExp(`default:\\s+PORT, else ${DEFAULT_PORT}\\)`));
    const bad = await runCli(["serve", "--tool-search", "sometimes"], { cwd: s.ws.dir });
    expect(bad.exitCode).toBe(2);
    expect(bad.stderr).toMatch(/sometimes.*auto, always, never/s);
  });

  it("refuses a non-loopback host without a key, and an unset key variable, before starting anything", async () => {
    s.ws.write({ "mcp.json": json({ mcpServers: { fixture: s.ws.fixture() } }) });
    const open = await runCli(
      [
        "serve",
        "mcp.json",
        "--host",
        "0.0.0.0",
        "--endpoint-url",
        "http://127.0.0.1:9/v1",
        "--model",
        "m",
      ],
      { cwd: s.ws.dir },
    );
    expect(open.exitCode).toBe(2);
    expect(open.stderr).toContain("refusing to listen on 0.0.0.0 without an API key");
    expect(open.stderr).toContain("--api-key-env");
    const unset = await runCli(["serve", "mcp.json", "--api-key-env", "NOT_SET_ANYWHERE"], {
      cwd: s.ws.dir,
    });
    expect(unset.exitCode).toBe(2);
    expect(unset.stderr).toContain(
      "--api-key-env NOT_SET_ANYWHERE: the variable is not set or empty",
    );
    // A `run` line copied into `serve`: the model's key would become every client's key.
    const copied = await runCli(["serve", "mcp.json", "--api-key-env", "OPENAI_API_KEY"], {
      cwd: s.ws.dir,
      env: { OPENAI_API_KEY: "sk-provider-secret-123" },
    });
    expect(copied.exitCode).toBe(2);
    expect(copied.stderr).toContain(
      "--api-key-env OPENAI_API_KEY: this variable holds a model provider's key, and the server's key is given to every client;",
    );
    expect(copied.stderr).toContain("the model's key is --model-api-key-env OPENAI_API_KEY");
    expect(copied.stderr).not.toContain("sk-provider-secret-123");
  });
});
