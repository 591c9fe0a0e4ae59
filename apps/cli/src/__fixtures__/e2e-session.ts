import { mkdirSync, symlinkSync } from "node:fs";
import { descendantsOf } from "@tinyloop/test-fixtures";
import {
  type ScriptedModelServer,
  startScriptedModelServer,
} from "@tinyloop/test-fixtures/model-server";
import { afterEach, beforeEach, expect } from "vitest";
import { type Workspace, workspace } from "./cli-harness.js";

/** What an end-to-end test file shares: a fresh workspace per test and at most one model server. */
export interface E2eSession {
  /** This test's workspace. */
  readonly ws: Workspace;
  /** The scripted model server started by {@link E2eSession.withModel}, if any. */
  readonly model: ScriptedModelServer | undefined;
  /** Starts the scripted model server for this test (closed after it). */
  withModel(script: unknown[]): Promise<ScriptedModelServer>;
  /** `--endpoint-url` and `--model` flags pointing the CLI at this test's model server. */
  modelFlags(): string[];
  /** A PATH of one folder holding only a `node` link, inside the workspace. */
  nodeOnlyPath(): string;
}

/**
 * Registers the per-test setup and the checks after each test: the model server closed,
 * no marked server process left, no child process of the test runner left.
 */
export function useE2eSession(): E2eSession {
  let ws: Workspace | undefined;
  let model: ScriptedModelServer | undefined;
  beforeEach(() => {
    ws = workspace();
  });
  afterEach(async () => {
    await model?.close();
    model = undefined;
    expect(await session.ws.leftovers()).toEqual([]);
    expect(descendantsOf(process.pid).filter((p) => !p.command.includes("vitest"))).toEqual([]);
    session.ws.remove();
  });
  const session: E2eSession = {
    get ws() {
      if (!ws) throw new Error("the workspace exists only inside a test");
      return ws;
    },
    get model() {
      return model;
    },
    async withModel(script) {
      model = await startScriptedModelServer({ script: script as never });
      return model;
    },
    modelFlags: () => ["--endpoint-url", `${model?.baseURL}`, "--model", "scripted"],
    nodeOnlyPath() {
      mkdirSync(session.ws.path("node-only"), { recursive: true });
      symlinkSync(process.execPath, session.ws.path("node-only/node"));
      return session.ws.path("node-only");
    },
  };
  return session;
}

/** Pretty JSON for agent files. */
export const json = (value: unknown) => JSON.stringify(value, null, 2);

/**
 * A script: the model calls `echo` of `server` once, then answers, then has nothing to add.
 * The empty last turn is the one more turn a tiny-agents `agent.json` (`endWhen` `two-texts`)
 * asks for after an answer that follows tool results; other files end at the answer.
 */
export const echoThenAnswer = (server = "fixture") => [
  { toolCalls: [{ name: `mcp_${server}_echo`, arguments: { text: "ping" } }] },
  { text: "The fixture said ping.", chunkSize: 4 },
  { text: "" },
];
