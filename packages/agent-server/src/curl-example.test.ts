import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { afterEach, describe, expect, it } from "vitest";
import { MODEL_NAME, type ServeRig, startServeRig } from "./__fixtures__/serve-rig.js";
import { curlExample } from "./curl-example.js";

const run = promisify(execFile);

let rig: ServeRig | undefined;
afterEach(async () => {
  expect(await rig?.close()).toEqual([]);
  rig = undefined;
});

/** The answer of the pasted command, run by a real shell and a real curl. */
async function answerOf(line: string, env: Record<string, string> = {}) {
  const { stdout } = await run("sh", ["-c", line], { env: { PATH: process.env.PATH, ...env } });
  return JSON.parse(stdout) as { model: string; choices: Array<{ message: { content: string } }> };
}

describe("curlExample", () => {
  it("is a command that asks the served agent as pasted, with the generated key or the key's variable", async () => {
    rig = await startServeRig([{ text: "Hello from the agent." }, { text: "Hello again." }]);
    const generated = curlExample({
      url: rig.url,
      modelName: MODEL_NAME,
      key: { generated: rig.server.apiKey },
    });
    expect(generated).toContain(
      `-d '{"model":"${MODEL_NAME}","messages":[{"role":"user","content":"Hello"}]}'`,
    );
    const answer = await answerOf(generated);
    expect(answer.model).toBe(MODEL_NAME);
    expect(answer.choices[0]?.message.content).toBe("Hello from the agent.");

    const fromVariable = curlExample({
      url: rig.url,
      modelName: MODEL_NAME,
      key: { variable: "SERVE_KEY" },
    });
    expect(fromVariable).toContain('-H "Authorization: Bearer $SERVE_KEY"');
    expect(fromVariable).not.toContain(rig.server.apiKey);
    const again = await answerOf(fromVariable, { SERVE_KEY: rig.server.apiKey });
    expect(again.choices[0]?.message.content).toBe("Hello again.");
  });
});
