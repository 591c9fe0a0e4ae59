import type { ToolDefinition, ToolRegistry } from "@tinyloop/registry";
import { AgentError } from "./agent-error.js";
import type { SettledCall } from "./settled-call.js";

/** Toolset of the agent's own built-in tools. */
export const AGENT_TOOLSET = "agent";
/** Name of the exit tool that ends a run as `completed`. */
export const TASK_COMPLETE = "task_complete";
/** Name of the exit tool that ends a run as `asked`. */
export const ASK_QUESTION = "ask_question";

const exitToolDefinitions: readonly ToolDefinition[] = [
  {
    name: TASK_COMPLETE,
    toolset: AGENT_TOOLSET,
    description:
      "Call this when the task is fully done. Give a short summary of what was done for the user.",
    inputSchema: {
      type: "object",
      properties: {
        summary: { type: "string", description: "What was done, in a few sentences." },
      },
      additionalProperties: false,
    },
    annotations: { title: "Task complete", readOnlyHint: true },
  },
  {
    name: ASK_QUESTION,
    toolset: AGENT_TOOLSET,
    description:
      "Call this when you cannot go on without information only the user has. The run stops and the user's answer arrives as the next message.",
    inputSchema: {
      type: "object",
      properties: {
        question: { type: "string", description: "The question to show the user." },
      },
      required: ["question"],
      additionalProperties: false,
    },
    annotations: { title: "Ask the user", readOnlyHint: true },
  },
];

const acknowledgements: Record<string, string> = {
  [TASK_COMPLETE]: "Task marked complete.",
  [ASK_QUESTION]: "Question shown to the user; their answer will be the next message.",
};

/** True when `name` is one of the agent's exit tools. */
export function isExitTool(name: string): boolean {
  return name === TASK_COMPLETE || name === ASK_QUESTION;
}

/**
 * Registers `task_complete` and `ask_question` in toolset `agent`, unless they are
 * already there (another agent on the same registry registered them). A tool of the same
 * name in another toolset is someone else's, so that is an error rather than a silent
 * replacement.
 */
export function ensureExitTools(registry: ToolRegistry): void {
  for (const definition of exitToolDefinitions) {
    const existing = registry.get(definition.name);
    if (existing) {
      if (existing.toolset === AGENT_TOOLSET) continue;
      throw new AgentError({
        code: "EXIT_TOOL_TAKEN",
        message: `The registry already has a tool named "${definition.name}" in toolset "${existing.toolset}", but the agent needs that name for its exit tool (toolset "${AGENT_TOOLSET}"). Rename your tool, or pass exitTools: false to new Agent(…).`,
      });
    }
    const text = acknowledgements[definition.name] ?? "OK";
    registry.register(definition, () => text);
  }
}

/**
 * The user-facing text an exit call carries: the `summary` or the `question` argument, read
 * from the arguments the registry parsed (so double-encoded arguments count too).
 */
export function exitToolText(args: Record<string, unknown> | undefined): string | undefined {
  const value = args?.summary ?? args?.question;
  return typeof value === "string" ? value : undefined;
}

/**
 * How a tool turn ends the run, if it does: the first successful call (in call order) of
 * one of the agent's own exit tools. A failed exit call (say, `ask_question` without a
 * question) does not stop the run; the model reads the error and tries again.
 */
export function exitOf(
  settled: readonly SettledCall[],
  offered: ReadonlyMap<string, ToolDefinition>,
  turnText: string,
): { reason: "completed" | "asked"; text: string | undefined } | undefined {
  const exit = settled.find(
    (entry) =>
      entry.outcome === "ok" &&
      isExitTool(entry.call.name) &&
      offered.get(entry.call.name)?.toolset === AGENT_TOOLSET,
  );
  if (!exit) return undefined;
  return {
    reason: exit.call.name === ASK_QUESTION ? "asked" : "completed",
    text: exitToolText(exit.args) ?? (turnText || undefined),
  };
}
