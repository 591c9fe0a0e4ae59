import { readFileSync } from "node:fs";
import { usePostgres } from "@tinyloop/test-fixtures/postgres";
import { execa } from "execa";
import { describe, expect, it } from "vitest";
import { cliBin, runCli } from "../__fixtures__/cli-harness.js";
import { json, useE2eSession } from "../__fixtures__/e2e-session.js";

const s = useE2eSession();

const lines = (file: string) => {
  try {
    return readFileSync(file, "utf8").split("\n").filter(Boolean);
  } catch {
    return [];
  }
};

describe("batch SIGKILLed halfway, then run again (real Postgres, worker processes)", () => {
  const pg = usePostgres();

  it("the second batch runs only the inputs the first did not finish; no input runs twice", async () => {
    const tallyFile = s.ws.path("tally.txt");
    const model = await s.withModel({
      turns: [
        {
          toolCalls: [
            { name: "mcp_fixture_tally", arguments: { line: "{{prompt}}", hold_ms: 300 } },
          ],
        },
        { text: "Answered {{prompt}}." },
      ],
      perConversation: true,
    } as never);
    const prompts = Array.from({ length: 12 }, (_, i) => `input ${i + 1}`);
    s.ws.write({
      ".mcp.json": json({ mcpServers: { fixture: s.ws.fixture(["--tally-file", tallyFile]) } }),
      "inputs.jsonl": `${prompts.map((prompt) => JSON.stringify(prompt)).join("\n")}\n`,
    });
    const args = [
      "batch",
      ".mcp.json",
      "inputs.jsonl",
      "--out",
      "results.jsonl",
      "--db",
      pg.url,
      ...s.modelFlags(),
    ];
    // One worker, 4 runs at once: SIGKILL the batch once half of the inputs' tools ran.
    const first = execa(process.execPath, [cliBin, ...args], {
      cwd: s.ws.dir,
      env: { NO_COLOR: "1" },
      reject: false,
      stdin: "ignore",
    });
    while (lines(tallyFile).length < prompts.length / 2) {
      await new Promise((wake) => setTimeout(wake, 20));
    }
    first.kill("SIGKILL");
    expect((await first).signal).toBe("SIGKILL");
    expect(lines(tallyFile).length).toBeLessThan(prompts.length);

    const second = await runCli(args, { cwd: s.ws.dir });
    expect(second.exitCode).toBe(0);
    const already = Number(
      /^(\d+) of 12 inputs already done; running the rest$/m.exec(second.stderr)?.[1],
    );
    expect(already).toBeGreaterThan(0);
    expect(already).toBeLessThan(12);
    expect(second.stderr).toContain("done 12/12 · running 0 · failed 0");

    // Each input's tool ran once in all: the second batch ran only what the first had not.
    const ranAll = lines(tallyFile);
    expect([...ranAll].sort()).toEqual([...prompts].sort());
    // …and the model was asked to start each input once.
    const firstTurns = model.requests
      .map((request) => request.body as { messages: Array<{ role: string; content: string }> })
      .filter((body) => !body.messages.some((message) => message.role === "assistant"))
      .map((body) => body.messages.find((message) => message.role === "user")?.content);
    expect(firstTurns.sort()).toEqual([...prompts].sort());

    const results = lines(s.ws.path("results.jsonl")).map((line) => JSON.parse(line));
    expect(results.map((result) => [result.line, result.reason, result.text])).toEqual(
      prompts.map((prompt, i) => [i + 1, "completed", `Answered ${prompt}.`]),
    );
  });
});
