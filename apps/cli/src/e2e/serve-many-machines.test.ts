import { type RunningHaproxy, startHaproxy } from "@tinyloop/test-fixtures/haproxy";
import {
  type ScriptedModelServer,
  startScriptedModelServer,
} from "@tinyloop/test-fixtures/model-server";
import { describeNeeding, HAPROXY } from "@tinyloop/test-fixtures/outside-programs";
import { execa, type ResultPromise } from "execa";
import OpenAI from "openai";
import { afterEach, expect, it } from "vitest";
import { cliBin, stderrShows } from "../__fixtures__/cli-harness.js";
import { json, useE2eSession } from "../__fixtures__/e2e-session.js";

// "Serve on many machines" as the docs show it (docs/site/serve/many-machines.md): three `tinyloop serve` replicas
// behind a real HAProxy that health-checks their /healthz; the official openai client.

const s = useE2eSession();
const KEY = "replica-shared-key";
const replicas: ResultPromise[] = [];
const models: ScriptedModelServer[] = [];
let proxy: RunningHaproxy | undefined;
// Registered after the session's checks, so it runs before them.
afterEach(async () => {
  await proxy?.stop();
  proxy = undefined;
  for (const child of replicas.splice(0)) {
    if (child.exitCode === null && child.signalCode === null) child.kill("SIGTERM");
    await child;
  }
  for (const model of models.splice(0)) await model.close();
});

/** Replica `n`'s model: answers "replica n"; its third request streams its name, then hangs. */
const replicaScript = (n: number) => [
  { text: `replica ${n}` },
  { text: `replica ${n}` },
  { chunks: [`replica ${n}`, " is streaming"], hang: true },
  ...Array.from({ length: 4 }, () => ({ text: `replica ${n}` })),
];

/** Starts `tinyloop serve` with its own model server; resolves to its port. */
async function startReplica(n: number): Promise<number> {
  const model = await startScriptedModelServer({ script: replicaScript(n) as never });
  models.push(model);
  const child = execa(
    process.execPath,
    [
      cliBin,
      ...["serve", "mcp.json", "--yes", "--port", "0", "--name", "agent"],
      ...["--api-key-env", "SERVE_KEY", "--endpoint-url", model.baseURL, "--model", "scripted"],
    ],
    { cwd: s.ws.dir, env: { NO_COLOR: "1", SERVE_KEY: KEY }, reject: false, stdin: "ignore" },
  );
  replicas.push(child);
  let stderr = "";
  child.stderr?.on("data", (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  await stderrShows(child, "Ctrl+C or SIGTERM stops");
  const port = /API\s+http:\/\/127\.0\.0\.1:(\d+)\/v1/.exec(stderr)?.[1];
  if (!port) throw new Error(`serve printed no URL:\n${stderr}`);
  return Number(port);
}

describeNeeding(HAPROXY)("serve on many machines: three replicas behind HAProxy", () => {
  it("spreads requests; a replica killed mid-stream errors that stream, and the next requests go to the others", async () => {
    s.ws.write({ "mcp.json": json({ mcpServers: { fixture: s.ws.fixture() } }) });
    const ports = await Promise.all([1, 2, 3].map(startReplica));
    proxy = await startHaproxy({
      backendPorts: ports,
      // The bare status needs no key, as the README's HAProxy example probes it.
      healthCheck: { path: "/healthz" },
    });
    await proxy.waitFor("UP", ["r1", "r2", "r3"]);
    const client = new OpenAI({ baseURL: `${proxy.url}/v1`, apiKey: KEY, maxRetries: 0 });
    const ask = async () => {
      const reply = await client.chat.completions.create({
        model: "agent",
        messages: [{ role: "user", content: "Who answers?" }],
      });
      return reply.choices[0]?.message.content;
    };

    const spread: Array<string | null | undefined> = [];
    for (let i = 0; i < 6; i++) spread.push(await ask());
    expect(spread.sort()).toEqual([
      "replica 1",
      "replica 1",
      "replica 2",
      "replica 2",
      "replica 3",
      "replica 3",
    ]);

    // Three streamed answers at once, one per replica; kill the replica sending the first.
    const streams = await Promise.all(
      [1, 2, 3].map(() =>
        client.chat.completions.create({
          model: "agent",
          messages: [{ role: "user", content: "Stream it" }],
          stream: true,
        }),
      ),
    );
    const readers = streams.map((stream) => stream[Symbol.asyncIterator]());
    /** The first text of a stream (its first chunk carries only the role). */
    const firstWords = async (reader: (typeof readers)[number]) => {
      for (let next = await reader.next(); !next.done; next = await reader.next()) {
        const text = next.value.choices[0]?.delta.content;
        if (text) return text;
      }
      return "";
    };
    const from = await Promise.all(readers.map(firstWords));
    expect([...from].sort()).toEqual(["replica 1", "replica 2", "replica 3"]);
    const killed = Number(from[0]?.slice(-1));
    replicas[killed - 1]?.kill("SIGKILL");
    let rest = "";
    const ended = await (async () => {
      for (let next = await readers[0]?.next(); next && !next.done; next = await readers[0]?.next())
        rest += next.value.choices[0]?.delta.content ?? "";
      return "the stream ended normally";
    })().catch((error: unknown) => error);
    // The client reports the cut stream (no finish_reason, no [DONE]) as an error.
    expect(ended).toBeInstanceOf(Error);
    expect(String((ended as Error).message)).toMatch(/terminated/);
    expect(rest).toMatch(/^( is streaming)?$/); // what was on its way before the kill
    expect((await replicas[killed - 1])?.signal).toBe("SIGKILL");
    for (const stream of streams.slice(1)) stream.controller.abort();

    // HAProxy's health check takes the dead replica out; the next requests go to the others.
    await proxy.waitFor("DOWN", [`r${killed}`]);
    const after: Array<string | null | undefined> = [];
    for (let i = 0; i < 4; i++) after.push(await ask());
    const others = [1, 2, 3].filter((n) => n !== killed).map((n) => `replica ${n}`);
    expect(after.sort()).toEqual([others[0], others[0], others[1], others[1]]);
  });
});
