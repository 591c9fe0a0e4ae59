import { expectedGot } from "@tinyloop/errors";
import type { ChatModel } from "@tinyloop/inference-adapters";
import type { ListFilter, ToolRegistry } from "@tinyloop/registry";
import { AgentError } from "./agent-error.js";
import { END_WHEN_CHOICES, type EndWhen } from "./end-when.js";
import { type RunStep, runStepDirectly } from "./run-step.js";
import type { ApproveToolCall } from "./run-tool-calls.js";
import { type ToolSearchMode, toolSearchBudget } from "./tool-search-policy.js";
import type { TracingOptions } from "./tracing/trace-content.js";

/** Options of `new Agent(…)`. */
export interface AgentOptions {
  /** The model to talk to (any `ChatModel` from `@tinyloop/inference-adapters`). */
  model: ChatModel;
  /** Where the tools live: built-in and MCP tools alike. */
  registry: ToolRegistry;
  /**
   * The first message of every conversation. Default: {@link defaultSystemPrompt}'s short
   * agentic reminders; `""` sends no system prompt.
   */
  systemPrompt?: string;
  /**
   * When an answer without tool calls ends the run: `"text"` (default) at the first one;
   * `"two-texts"` (Tiny Agents' rule) gives an answer that follows tool results one more
   * turn, so a model that narrates between calls goes on.
   */
  endWhen?: EndWhen;
  /** Most model calls per run, tool turns included. Default 20. */
  maxTurns?: number;
  /** Most tool calls of one turn running at once. Default 8. */
  toolConcurrency?: number;
  /** Offer `task_complete` and `ask_question` (toolset `agent`). Default true. */
  exitTools?: boolean;
  /**
   * Asked before each tool call; a denial becomes an error result carrying the hook's
   * reason as it is (or "denied by the user" when it gives none).
   */
  approve?: ApproveToolCall;
  /**
   * Longest text, in characters, one tool result sends to the model (text blocks and
   * embedded text resources together). Longer output keeps its first and last halves around
   * a `[… N of M characters removed …]` line. The one truncation of tool output in tinyloop.
   * Default 100 000.
   */
  maxToolResultChars?: number;
  /**
   * Which registry tools to offer: the registry's `list` filter (`toolsets`, exact registered
   * names in `include` / `exclude`; `exclude` wins). Default: all.
   */
  tools?: ListFilter;
  /**
   * When to keep tools back behind the built-in `tool_search` tool: `"auto"` (default) when
   * the MCP tools' schemas would take the budget or more, `"always"`, or `"never"`. Tools
   * marked deferred in the registry are kept back under `"auto"` and `"always"`.
   */
  toolSearch?: ToolSearchMode;
  /** The model's context window in tokens, when known: `"auto"` then budgets 10 % of it. */
  contextWindow?: number;
  /** Overrides the `"auto"` budget, in estimated tokens (default 10 % of `contextWindow`, else 8,000). */
  toolSearchBudgetTokens?: number;
  /**
   * The seam every model turn and every tool call passes through (see {@link RunStep}), for
   * an engine that checkpoints steps. Default: run each step as it comes.
   */
  runStep?: RunStep;
  /**
   * What the run's OpenTelemetry spans say (agent name, conversation id) and whether they
   * record tool arguments, results and messages (off by default; redacted when on). The
   * spans exist only once a program registers an OpenTelemetry SDK.
   */
  tracing?: TracingOptions;
}

/** {@link AgentOptions} with defaults applied and every value checked. */
export interface ResolvedAgentOptions {
  model: ChatModel;
  registry: ToolRegistry;
  systemPrompt: string | undefined;
  endWhen: EndWhen;
  maxTurns: number;
  toolConcurrency: number;
  exitTools: boolean;
  approve: ApproveToolCall | undefined;
  maxToolResultChars: number;
  tools: ListFilter | undefined;
  toolSearch: ToolSearchMode;
  toolSearchBudgetTokens: number;
  runStep: RunStep;
  tracing: TracingOptions | undefined;
}

/** Default of {@link AgentOptions.maxToolResultChars}. */
export const DEFAULT_MAX_TOOL_RESULT_CHARS = 100_000;

function invalid(path: string, expected: string, got: unknown, example: string): AgentError {
  return new AgentError({
    code: "OPTIONS_INVALID",
    message: `new Agent(…): ${expectedGot({ path, expected, got, example })}`,
  });
}

function positiveInteger(path: string, value: unknown, fallback: number): number {
  if (value === undefined) return fallback;
  if (typeof value !== "number" || !Number.isInteger(value) || value < 1) {
    throw invalid(path, "a whole number more than 0", value, `${path}: ${fallback}`);
  }
  return value;
}

function stringList(path: string, value: unknown): void {
  if (value === undefined) return;
  if (!Array.isArray(value) || value.some((item) => typeof item !== "string")) {
    throw invalid(path, "a list of strings", value, `${path}: ["builtin"]`);
  }
}

/** Applies defaults and checks every option, throwing `AgentError` `OPTIONS_INVALID`. */
export function resolveAgentOptions(options: AgentOptions): ResolvedAgentOptions {
  if (typeof options !== "object" || options === null) {
    throw invalid("options", "an object", options, "new Agent({ model, registry })");
  }
  const { model, registry } = options;
  if (typeof model !== "object" || model === null || typeof model.stream !== "function") {
    throw invalid(
      "model",
      "a ChatModel (an object with a stream method)",
      model,
      "model: createOpenAICompatible({ … })",
    );
  }
  if (
    typeof registry !== "object" ||
    registry === null ||
    typeof registry.dispatch !== "function"
  ) {
    throw invalid("registry", "a ToolRegistry", registry, "registry: new ToolRegistry()");
  }
  if (options.systemPrompt !== undefined && typeof options.systemPrompt !== "string") {
    throw invalid(
      "systemPrompt",
      "a string",
      options.systemPrompt,
      'systemPrompt: "You are a helpful agent."',
    );
  }
  const endWhen = options.endWhen ?? "text";
  if (!END_WHEN_CHOICES.includes(endWhen)) {
    throw invalid("endWhen", '"text" or "two-texts"', endWhen, 'endWhen: "two-texts"');
  }
  if (options.exitTools !== undefined && typeof options.exitTools !== "boolean") {
    throw invalid("exitTools", "true or false", options.exitTools, "exitTools: false");
  }
  if (options.approve !== undefined && typeof options.approve !== "function") {
    throw invalid("approve", "a function", options.approve, "approve: async (call) => true");
  }
  if (options.tools !== undefined) {
    if (typeof options.tools !== "object" || options.tools === null) {
      throw invalid("tools", "an object", options.tools, 'tools: { toolsets: ["builtin"] }');
    }
    stringList("tools.toolsets", options.tools.toolsets);
    stringList("tools.include", options.tools.include);
    stringList("tools.exclude", options.tools.exclude);
  }
  const toolSearch = options.toolSearch ?? "auto";
  if (toolSearch !== "auto" && toolSearch !== "always" && toolSearch !== "never") {
    throw invalid("toolSearch", '"auto", "always" or "never"', toolSearch, 'toolSearch: "auto"');
  }
  if (options.runStep !== undefined && typeof options.runStep !== "function") {
    throw invalid("runStep", "a function", options.runStep, "runStep: (step) => step.run()");
  }
  const contextWindow =
    options.contextWindow === undefined
      ? undefined
      : positiveInteger("contextWindow", options.contextWindow, 128_000);
  return {
    model,
    registry,
    systemPrompt: options.systemPrompt,
    endWhen,
    maxTurns: positiveInteger("maxTurns", options.maxTurns, 20),
    toolConcurrency: positiveInteger("toolConcurrency", options.toolConcurrency, 8),
    exitTools: options.exitTools ?? true,
    approve: options.approve,
    maxToolResultChars: positiveInteger(
      "maxToolResultChars",
      options.maxToolResultChars,
      DEFAULT_MAX_TOOL_RESULT_CHARS,
    ),
    tools: options.tools,
    toolSearch,
    toolSearchBudgetTokens: positiveInteger(
      "toolSearchBudgetTokens",
      options.toolSearchBudgetTokens,
      toolSearchBudget(contextWindow),
    ),
    runStep: options.runStep ?? runStepDirectly,
    tracing: options.tracing,
  };
}
