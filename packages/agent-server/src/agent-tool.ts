import { expectedGot } from "@tinyloop/errors";
import { MAX_TOOL_NAME_LENGTH, sanitizeNamePart } from "@tinyloop/mcp-registration";

/** The tool an agent offers as an MCP server, as `tools/list` shows it. */
export interface AgentToolDefinition {
  name: string;
  description: string;
  inputSchema: { type: "object"; properties: Record<string, object>; required: string[] };
  outputSchema: { type: "object"; properties: Record<string, object>; required: string[] };
}

/** What one call of the agent's tool asks for. */
export interface AgentToolInput {
  task: string;
  context?: string;
}

/** Longest description taken from the agent's prompt (its first paragraph). */
const MAX_PROMPT_DESCRIPTION = 500;

/**
 * The tool's name for an agent: `ask_` and the agent's name, lower-cased and made
 * provider-safe with the registry's rule (`My Researcher` → `ask_my_researcher`), cut to
 * the registry's 64 characters. A name with nothing left gives `ask_agent`.
 */
export function agentToolName(agentName: string | undefined): string {
  const part = sanitizeNamePart((agentName ?? "").trim().toLowerCase()).replace(/^_+|_+$/g, "");
  return `ask_${part === "" ? "agent" : part}`.slice(0, MAX_TOOL_NAME_LENGTH);
}

/**
 * The tool's description: the one given, else the first paragraph of the agent's system
 * prompt (cut to 500 characters), else a plain sentence naming the agent.
 */
export function agentToolDescription({
  agentName,
  description,
  systemPrompt,
}: {
  agentName: string | undefined;
  description?: string;
  systemPrompt?: string;
}): string {
  if (description?.trim()) return description.trim();
  const paragraph = systemPrompt
    ?.trim()
    .split(/\n\s*\n/)[0]
    ?.trim();
  const who = agentName ? `the agent "${agentName}"` : "an agent";
  const lead = `Gives a task to ${who}, which works on it with its own tools and answers with text.`;
  if (!paragraph) return lead;
  const cut =
    paragraph.length > MAX_PROMPT_DESCRIPTION
      ? `${paragraph.slice(0, MAX_PROMPT_DESCRIPTION - 1)}…`
      : paragraph;
  return `${lead} Its instructions begin: ${cut}`;
}

/** The full tool definition `tools/list` answers with. */
export function agentToolDefinition(input: {
  agentName: string | undefined;
  toolName?: string;
  description?: string;
  systemPrompt?: string;
}): AgentToolDefinition {
  return {
    name: input.toolName ?? agentToolName(input.agentName),
    description: agentToolDescription(input),
    inputSchema: {
      type: "object",
      properties: {
        task: { type: "string", description: "What the agent should do, in plain words." },
        context: {
          type: "string",
          description: "Optional background the agent needs (facts, earlier results, constraints).",
        },
      },
      required: ["task"],
    },
    outputSchema: {
      type: "object",
      properties: {
        answer: { type: "string" },
        stopReason: { type: "string" },
        turns: { type: "number" },
        toolCalls: {
          type: "array",
          items: {
            type: "object",
            properties: {
              name: { type: "string" },
              arguments: { type: "string" },
              outcome: { type: "string" },
            },
          },
        },
        usage: {
          type: "object",
          properties: { inputTokens: { type: "number" }, outputTokens: { type: "number" } },
        },
      },
      required: ["answer", "stopReason", "turns", "toolCalls", "usage"],
    },
  };
}

/**
 * Reads a call's arguments: the input, or the message saying what is wrong with them
 * (`task: expected a non-empty string, got …`) for an error result the caller can act on.
 */
export function parseAgentToolInput(
  args: Record<string, unknown> | undefined,
): AgentToolInput | { error: string } {
  const task = args?.task;
  if (typeof task !== "string" || task.trim() === "") {
    return {
      error: expectedGot({
        path: "task",
        expected: "a non-empty string",
        got: task,
        example: '{"task": "Summarise the open issues"}',
      }),
    };
  }
  const context = args?.context;
  if (context !== undefined && typeof context !== "string") {
    return {
      error: expectedGot({
        path: "context",
        expected: "a string, or no context at all",
        got: context,
        example: '{"task": "…", "context": "The repository is tinyloop."}',
      }),
    };
  }
  return context === undefined || context === "" ? { task } : { task, context };
}

/** The user message of a call's run: the task, after the context when there is one. */
export function agentToolPrompt({ task, context }: AgentToolInput): string {
  return context === undefined ? task : `Context:\n${context}\n\nTask:\n${task}`;
}
