import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { freePort } from "@tinyloop/test-fixtures";
import { type HubFixtureServer, startHubServer } from "@tinyloop/test-fixtures/hub-server";
import { afterEach, describe, expect, it } from "vitest";
import { runCli } from "../__fixtures__/cli-harness.js";
import { json, useE2eSession } from "../__fixtures__/e2e-session.js";

const s = useE2eSession();
let hub: HubFixtureServer | undefined;
afterEach(async () => {
  await hub?.close();
  hub = undefined;
});

/** A tiny-agents agent.json whose model is this test's scripted server and whose server is the fixture. */
const agentJson = () =>
  json({
    model: "scripted",
    endpointUrl: s.model?.baseURL,
    servers: [{ type: "stdio", ...s.ws.fixture() }],
  });

async function startHub() {
  hub = await startHubServer([
    {
      id: "julien-c/flux-agent",
      revisions: {
        main: { "agent.json": agentJson(), "PROMPT.md": "You draw pictures (main)." },
        v1: { "agent.json": agentJson(), "AGENTS.md": "You draw pictures (v1)." },
      },
    },
    {
      id: "acme/private-agent",
      token: "hf_secret_token",
      revisions: { main: { "agent.json": agentJson(), "PROMPT.md": "Private prompt." } },
    },
  ]);
  return hub;
}

const env = () => ({
  HF_ENDPOINT: hub?.url ?? "",
  HF_HUB_CACHE: s.ws.path("hf-cache"),
  XDG_CONFIG_HOME: s.ws.path("config"),
  HF_TOKEN: "",
  HF_HUB_OFFLINE: "",
});

const systemPromptOf = (index: number) => {
  const body = s.model?.requests[index]?.body as { messages?: { content: string }[] } | undefined;
  return body?.messages?.[0]?.content;
};

describe("Hub agent ids (owner/name[@revision]) from the tiny-agents dataset", () => {
  it("shows the source and servers, refuses an untrusted revision without --yes, runs and remembers it with --yes", async () => {
    await s.withModel([{ text: "a picture" }, { text: "another picture" }]);
    const h = await startHub();
    const commit = h.commitOf("julien-c/flux-agent", "main");

    const refused = await runCli(["julien-c/flux-agent", "--no-sandbox", "-p", "draw"], {
      cwd: s.ws.dir,
      env: env(),
    });
    expect(refused.exitCode).toBe(2);
    expect(refused.stderr).toContain(
      `julien-c/flux-agent is an agent from the Hugging Face Hub (main = commit ${commit})`,
    );
    expect(refused.stderr).toContain(
      `source: ${h.url}/datasets/tiny-agents/tiny-agents/tree/${commit}/julien-c/flux-agent`,
    );
    expect(refused.stderr).toMatch(/server [\w-]+: runs \S*node \S*mcp-server/);
    expect(refused.stderr).toMatch(/not trusted yet.*Run it again with --yes/);
    expect(s.model?.requests).toHaveLength(0);

    const trusted = await runCli(["julien-c/flux-agent", "--no-sandbox", "-p", "draw", "--yes"], {
      cwd: s.ws.dir,
      env: env(),
    });
    expect(trusted.stderr).not.toContain("not trusted");
    expect(trusted.exitCode).toBe(0);
    expect(trusted.stdout).toContain("a picture");
    expect(systemPromptOf(0)).toContain("You draw pictures (main).");
    // The standard Hub cache layout: refs, snapshots linked to blobs.
    const repo = join(s.ws.path("hf-cache"), "datasets--tiny-agents--tiny-agents");
    expect(readFileSync(join(repo, "refs", "main"), "utf8")).toBe(commit);
    expect(
      readFileSync(join(repo, "snapshots", commit, "julien-c/flux-agent/PROMPT.md"), "utf8"),
    ).toBe("You draw pictures (main).");

    // Remembered for this revision: no --yes needed again.
    const again = await runCli(["julien-c/flux-agent", "--no-sandbox", "-p", "draw"], {
      cwd: s.ws.dir,
      env: env(),
    });
    expect(again.exitCode).toBe(0);
    expect(again.stdout).toContain("another picture");
    expect(again.stderr).toContain("is an agent from the Hugging Face Hub");
  });

  it("a pinned revision loads that revision's files (AGENTS.md before PROMPT.md) and needs its own trust", async () => {
    await s.withModel([{ text: "main picture" }, { text: "v1 picture" }]);
    const h = await startHub();
    const mainRun = await runCli(["julien-c/flux-agent", "--no-sandbox", "--yes", "-p", "x"], {
      cwd: s.ws.dir,
      env: env(),
    });
    expect(mainRun.exitCode).toBe(0);
    const untrusted = await runCli(["julien-c/flux-agent@v1", "--no-sandbox", "-p", "draw"], {
      cwd: s.ws.dir,
      env: env(),
    });
    expect(untrusted.exitCode).toBe(2);
    expect(untrusted.stderr).toContain(`(v1 = commit ${h.commitOf("julien-c/flux-agent", "v1")})`);
    expect(untrusted.stderr).toContain("not trusted yet");
    const v1 = await runCli(["julien-c/flux-agent@v1", "--no-sandbox", "--yes", "-p", "draw"], {
      cwd: s.ws.dir,
      env: env(),
    });
    expect(v1.exitCode).toBe(0);
    expect(v1.stdout).toContain("v1 picture");
    expect(systemPromptOf(1)).toContain("You draw pictures (v1).");
  });

  it("a private agent: a clear error without HF_TOKEN, loaded with it (sent as bearer token)", async () => {
    await s.withModel([{ text: "private answer" }]);
    const h = await startHub();
    const noToken = await runCli(["acme/private-agent", "--no-sandbox", "--yes", "-p", "hi"], {
      cwd: s.ws.dir,
      env: env(),
    });
    expect(noToken.exitCode).toBe(2);
    expect(noToken.stderr).toMatch(
      /acme\/private-agent@main: the Hub refused this agent \(HTTP 401\): it is private or does not exist; if it is private, set HF_TOKEN/,
    );
    const wrongToken = await runCli(["acme/private-agent", "--no-sandbox", "--yes", "-p", "hi"], {
      cwd: s.ws.dir,
      env: { ...env(), HF_TOKEN: "hf_wrong" },
    });
    expect(wrongToken.exitCode).toBe(2);
    expect(wrongToken.stderr).toMatch(/the token in HF_TOKEN has no access to it/);
    const withToken = await runCli(["acme/private-agent", "--no-sandbox", "--yes", "-p", "hi"], {
      cwd: s.ws.dir,
      env: { ...env(), HF_TOKEN: "hf_secret_token" },
    });
    expect(withToken.exitCode).toBe(0);
    expect(withToken.stdout).toContain("private answer");
    expect(systemPromptOf(0)).toContain("Private prompt.");
    expect(h.requests.at(-1)?.authorization).toBe("Bearer hf_secret_token");
  });

  it("an id that does not exist, and a revision that does not exist, say so", async () => {
    await startHub();
    const missing = await runCli(["nobody/no-agent", "--no-sandbox", "-p", "hi"], {
      cwd: s.ws.dir,
      env: env(),
    });
    expect(missing.exitCode).toBe(2);
    expect(missing.stderr).toContain(
      "nobody/no-agent@main: no such agent in the Hub dataset tiny-agents/tiny-agents",
    );
    const badRevision = await runCli(["julien-c/flux-agent@v9", "--no-sandbox", "-p", "hi"], {
      cwd: s.ws.dir,
      env: env(),
    });
    expect(badRevision.exitCode).toBe(2);
    expect(badRevision.stderr).toContain('the Hub has no revision "v9"');
    // A mistyped local path looks like an id: with no Hub to answer, the error names both.
    const unreachable = await runCli(["agents/my-agent", "--no-sandbox", "-p", "hi"], {
      cwd: s.ws.dir,
      env: { ...env(), HF_ENDPOINT: `http://127.0.0.1:${await freePort()}` },
    });
    expect(unreachable.exitCode).toBe(2);
    expect(unreachable.stderr).toMatch(
      /agents\/my-agent@main: no local file or folder of that name, and the Hub agent of that id could not be fetched from http:\/\/127\.0\.0\.1:\d+ \(.*ECONNREFUSED.*\); check the path/,
    );
  });

  it("a Hub agent's stdio servers are sandboxed by default, its file cannot opt out; --no-sandbox is explicit", async () => {
    const h = await startHub();
    // The fixture agent's own entry says nothing; a second revision's says sandbox: false.
    const check = async (id: string, flags: string[] = []) => {
      const r = await runCli(["config", "check", id, ...flags], { cwd: s.ws.dir, env: env() });
      expect(r.exitCode).toBe(0);
      return { stderr: r.stderr, servers: JSON.parse(r.stdout).servers };
    };
    const sandboxed = await check("julien-c/flux-agent");
    expect(sandboxed.servers[0].sandbox).toBe(true);
    expect(sandboxed.servers[0].sandboxPolicy).toMatchObject({ allowHosts: [] });
    expect(sandboxed.stderr).toMatch(/server [\w-]+: runs \S*node \S*mcp-server\S*, sandboxed/);
    const off = await check("julien-c/flux-agent", ["--no-sandbox"]);
    expect(off.servers[0].sandboxPolicy).toBe(false);
    expect(off.stderr).toContain(", unconfined");
    expect(h.requests.length).toBeGreaterThan(0);
  });

  it("a local folder of the same name wins over the Hub", async () => {
    await s.withModel([{ text: "local answer" }]);
    const h = await startHub();
    s.ws.write({ "julien-c/flux-agent/agent.json": agentJson() });
    const r = await runCli(["julien-c/flux-agent", "--no-sandbox", "-p", "hi"], {
      cwd: s.ws.dir,
      env: env(),
    });
    expect(r.exitCode).toBe(0);
    expect(r.stdout).toContain("local answer");
    expect(h.requests).toHaveLength(0);
    expect(existsSync(s.ws.path("hf-cache"))).toBe(false);
  });
});
