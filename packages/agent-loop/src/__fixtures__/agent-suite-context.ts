import type { ChatMessage } from "@tinyloop/inference-adapters";
import { afterEach, beforeEach, expect } from "vitest";
import { Agent } from "../agent.js";
import type { AgentOptions } from "../agent-options.js";
import type { MakeRig, ModelRig, RigTurn } from "./model-rig.js";
import { startToolWorld, type ToolWorld } from "./tool-world.js";

type ToolMessage = Extract<ChatMessage, { role: "tool" }>;

/** The tool messages of a history, in order. */
export const toolMessages = (messages: readonly ChatMessage[]) =>
  messages.filter((message): message is ToolMessage => message.role === "tool");

/** What the suite's tests share: the tool world of the current test and a model rig. */
export interface AgentSuite {
  /** The registry with built-ins and the fixture MCP server of the current test. */
  world(): ToolWorld;
  /** An agent on the world's registry whose model plays `turns`. */
  agentFor(
    turns: RigTurn[],
    options?: Partial<AgentOptions>,
    rigOptions?: { vision?: boolean },
  ): Promise<Agent>;
  /** Closes the current rig now (before starting another in the same test). */
  closeRig(): Promise<void>;
  /** Hands the current rig over to the test, which then closes it itself. */
  detachRig(): ModelRig | undefined;
}

/**
 * Sets up, inside the calling `describe`, a fresh tool world (a real fixture MCP server
 * process) per test, and closes it and the rig afterwards, checking no process is left.
 */
export function useAgentSuite(makeRig: MakeRig): AgentSuite {
  let world: ToolWorld | undefined;
  let rig: ModelRig | undefined;

  beforeEach(async () => {
    world = await startToolWorld();
  });

  afterEach(async () => {
    await rig?.close();
    rig = undefined;
    expect(await world?.close()).toEqual([]);
    world = undefined;
  });

  const current = (): ToolWorld => {
    if (!world) throw new Error("the tool world exists only inside a test");
    return world;
  };

  return {
    world: current,
    agentFor: async (turns, options = {}, rigOptions = {}) => {
      rig = await makeRig(turns, rigOptions);
      return new Agent({
        model: rig.model,
        registry: current().registry,
        systemPrompt: "You are a test agent.",
        ...options,
      });
    },
    closeRig: async () => {
      await rig?.close();
      rig = undefined;
    },
    detachRig: () => {
      const detached = rig;
      rig = undefined;
      return detached;
    },
  };
}
