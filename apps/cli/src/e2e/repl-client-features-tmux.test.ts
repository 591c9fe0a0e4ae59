import { chmodSync, statSync } from "node:fs";
import { createRequire } from "node:module";
import { startFixtureHttpServer } from "@tinyloop/test-fixtures/mcp-server";
import { describeNeeding, TMUX } from "@tinyloop/test-fixtures/outside-programs";
import { expect, it } from "vitest";
import { useTmuxRepl } from "../__fixtures__/tmux-repl.js";

const everythingPath = createRequire(import.meta.url).resolve(
  "@modelcontextprotocol/server-everything/dist/index.js",
);

const repl = useTmuxRepl("features", { columns: 200, rows: 50, scrollback: true });
const { keys, waitFor } = repl.pane;

/** Types `answer` once the screen's last question line contains `question`. */
async function answer(question: string, text: string): Promise<void> {
  await waitFor((s) => (s.trimEnd().split("\n").at(-1) ?? "").includes(question), question);
  if (text) keys(text);
  keys("Enter");
}

describeNeeding(TMUX)("servers asking the person at the REPL", () => {
  it("fills an elicitation form field by field, and approves a sampling request", async () => {
    const model = await repl.withModel([
      { toolCalls: [{ name: "mcp_everything_trigger-elicitation-request", arguments: {} }] },
      { text: "Thanks for the form." },
      {
        toolCalls: [
          { name: "mcp_everything_trigger-sampling-request", arguments: { prompt: "a poem" } },
        ],
      },
      { text: "Roses are red." }, // the sampling request, answered by the same model
      { text: "The server has its poem." },
    ]);
    repl.ws.write({
      "agent.json": JSON.stringify({
        approval: "never",
        servers: [
          {
            type: "stdio",
            command: process.execPath,
            args: [everythingPath, "stdio"],
            env: repl.ws.markerEnv,
          },
        ],
      }),
    });
    // --end-when text: each scripted answer ends its run (an agent.json would otherwise give
    // "Thanks for the form." one more turn, and that turn would take the sampling call).
    repl.startCli(["run", "agent.json", "--end-when", "text", ...repl.modelFlags()]);
    await waitFor((s) => s.includes("connected 1/1 servers") && /^›/m.test(s), "the prompt");

    keys("fill the form", "Enter");
    await answer("server everything asks: Please provide inputs", "y");
    await answer("String — Your full, legal name", "Ada");
    await answer("Boolean (optional) — Agree to the terms and conditions [y / n]", "maybe");
    await answer("answer y or n; check", "y");
    await answer('(default: "It was a dark and stormy night.")', "");
    await answer("String with email format (optional)", "");
    await answer("String with uri format (optional)", "");
    await answer("String with date format (optional)", "");
    await answer("Integer (optional)", "");
    await answer("Number in range 1-1000 (optional)", "5000");
    await answer("at most 1000; number", "7");
    await answer("Untitled Single Select Enum (optional)", "");
    await answer("Untitled Multiple Select Enum (optional)", "");
    await answer("[hero-1 = Superman / hero-2 = Green Lantern / hero-3 = Wonder Woman]", "hero-3");
    await answer("Titled Multiple Select Enum (optional)", "");
    await answer("[pet-1 = Cats / pet-2 = Dogs", "");
    await waitFor((s) => s.includes("Thanks for the form."), "the answer after the form");
    const form = JSON.stringify(model.requests[1]?.body);
    expect(form).toContain("Name: Ada");
    expect(form).toContain("Agreed to terms: true");
    expect(form).toContain("Favorite Number: 7");
    expect(form).toContain("Favorite Integer: 42"); // the default, filled in
    expect(form).toContain("hero-3");

    keys("now a poem", "Enter");
    await answer(
      'server everything asks the model (up to 100 tokens): "Resource trigger-sampling-request context: a poem" — allow? [y]es / [n]o:',
      "y",
    );
    await waitFor((s) => s.includes("The server has its poem."), "the answer after sampling");
    expect(JSON.stringify(model.requests[4]?.body)).toContain("Roses are red.");

    keys("C-d");
    const end = await waitFor((s) => s.includes("EXIT="), "the exit");
    expect(end).toContain("EXIT=0");
  });

  it("logs in to an OAuth server in the browser when the REPL starts on a terminal", async () => {
    const secure = await startFixtureHttpServer({ oauth: true }, repl.ws.markerEnv);
    try {
      const model = await repl.withModel([
        { toolCalls: [{ name: "mcp_secure_echo", arguments: { text: "behind oauth" } }] },
        { text: "The secure server echoed." },
      ]);
      repl.ws.write({
        ".mcp.json": JSON.stringify({ mcpServers: { secure: { url: secure.url } } }),
        "browse.mjs": "await (await fetch(process.argv[2])).arrayBuffer();\n",
        "browser.sh": `#!/bin/sh\nexec "${process.execPath}" "${repl.ws.path("browse.mjs")}" "$1"\n`,
      });
      chmodSync(repl.ws.path("browser.sh"), 0o755);
      repl.startCli(["run", ".mcp.json", "--yes", ...repl.modelFlags()], {
        env: { XDG_CONFIG_HOME: repl.ws.path("config"), BROWSER: repl.ws.path("browser.sh") },
      });
      await waitFor(
        (s) => s.includes("To log in to secure, open this URL in a browser:"),
        "the login URL",
      );
      await waitFor((s) => s.includes("connected 1/1 servers") && /^›/m.test(s), "the prompt");
      keys("echo please", "Enter");
      await waitFor((s) => s.includes("The secure server echoed."), "the answer");
      expect(JSON.stringify(model.requests[1]?.body)).toContain("behind oauth");
      const tokenFile = repl.ws.path("config/tinyloop/oauth/secure.json");
      expect(statSync(tokenFile).mode & 0o777).toBe(0o600);
      keys("C-d");
      expect(await waitFor((s) => s.includes("EXIT="), "the exit")).toContain("EXIT=0");
    } finally {
      await secure.close();
    }
  });
});

// A parent agent at the REPL uses a child agent as its server (`{ "agent": "./child" }`, run as
// `tinyloop mcp serve`); the child's own MCP server (the "everything" server) asks an
// elicitation form. The child passes it on to its caller, the parent's MCP client; the
// parent's REPL asks its user; the answer goes back down.
describeNeeding(TMUX)("a child agent's server asking the parent's user", () => {
  it("the child's server's elicitation form is asked at the parent's REPL and the answer flows back down", async () => {
    // One scripted model serves both agents, in the order they ask it.
    const model = await repl.withModel([
      { toolCalls: [{ name: "mcp_child_ask_child", arguments: { task: "fill the form" } }] },
      { toolCalls: [{ name: "mcp_everything_trigger-elicitation-request", arguments: {} }] },
      { text: "The child's form is filled." },
      { text: "Parent: the child filled the form." },
    ]);
    repl.ws.write({
      "child/agent.json": JSON.stringify({
        model: "scripted",
        endpointUrl: model.baseURL,
        approval: "never",
        endWhen: "text",
        servers: [
          {
            type: "stdio",
            command: process.execPath,
            args: [everythingPath, "stdio"],
            env: repl.ws.markerEnv,
          },
        ],
      }),
      "mcp.json": JSON.stringify({ mcpServers: { child: { agent: "./child" } } }),
    });
    repl.startCli(["run", "mcp.json", "--yes", "--end-when", "text", ...repl.modelFlags()]);
    await waitFor((s) => s.includes("connected 1/1 servers") && /^›/m.test(s), "the prompt");

    keys("ask the child", "Enter");
    // The child's server asked its caller (the child), which asked its own caller (the parent).
    await answer("server child asks: Please provide inputs", "y");
    await answer("String — Your full, legal name", "Ada");
    await answer("Boolean (optional) — Agree to the terms and conditions [y / n]", "y");
    await answer('(default: "It was a dark and stormy night.")', "");
    await answer("String with email format (optional)", "");
    await answer("String with uri format (optional)", "");
    await answer("String with date format (optional)", "");
    await answer("Integer (optional)", "");
    await answer("Number in range 1-1000 (optional)", "7");
    await answer("Untitled Single Select Enum (optional)", "");
    await answer("Untitled Multiple Select Enum (optional)", "");
    await answer("[hero-1 = Superman / hero-2 = Green Lantern / hero-3 = Wonder Woman]", "hero-3");
    await answer("Titled Multiple Select Enum (optional)", "");
    await answer("[pet-1 = Cats / pet-2 = Dogs", "");
    await waitFor(
      (s) => s.includes("Parent: the child filled the form."),
      "the parent's answer after the child's",
    );
    // The child's model read what the parent's user typed, as the everything server got it.
    const childRead = JSON.stringify(model.requests[2]?.body);
    expect(childRead).toContain("Name: Ada");
    expect(childRead).toContain("Agreed to terms: true");
    expect(childRead).toContain("Favorite Number: 7");
    expect(childRead).toContain("hero-3");
    // And the parent's model read the child's answer.
    expect(JSON.stringify(model.requests[3]?.body)).toContain("The child's form is filled.");

    keys("C-d");
    const end = await waitFor((s) => s.includes("EXIT="), "the exit");
    expect(end).toContain("EXIT=0");
  });
});
