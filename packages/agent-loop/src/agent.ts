import { randomUUID } from "node:crypto";
import { setMaxListeners } from "node:events";
import { type Context, context, type Span, trace } from "@opentelemetry/api";
import type { ChatMessage, ReasoningPart, ToolCall } from "@tinyloop/inference-adapters";
import type { ToolResult } from "@tinyloop/registry";
import { AgentError } from "./agent-error.js";
import {
  type AgentOptions,
  type ResolvedAgentOptions,
  resolveAgentOptions,
} from "./agent-options.js";
import { defaultSystemPrompt } from "./default-system-prompt.js";
import { continueMessage, textTurnEndsRun } from "./end-when.js";
import { epochNow } from "./epoch-now.js";
import { EventChannel } from "./event-channel.js";
import type {
  AgentEvent,
  DoneEvent,
  StopReason,
  TokenUsage,
  ToolProgressEvent,
  ToolResultEvent,
} from "./events.js";
import { ensureExitTools, exitOf } from "./exit-tools.js";
import type { ModelTurn } from "./model-turn.js";
import { modelTurnStep } from "./model-turn-step.js";
import { runToolCalls } from "./run-tool-calls.js";
import { runToolSearch, TOOL_SEARCH } from "./tool-search.js";
import { toolSearchNameTakenBy } from "./tool-search-name.js";
import { ToolSpecCache } from "./tool-spec-cache.js";
import { toolTurnMessages } from "./tool-turn-messages.js";
import { toolsLoadedBySearch } from "./tools-loaded-by-search.js";
import { ChatSpan } from "./tracing/chat-span.js";
import { endRunSpan, startRunSpan } from "./tracing/run-span.js";
import { spanIds } from "./tracing/span-ids.js";
import { contentRecorder } from "./tracing/trace-content.js";
import { type AgentInput, toUserMessage } from "./user-message.js";

/** Options of one `agent.run` call. */
export interface RunOptions {
  /** Aborting it stops the run: the model stream and the tool calls in flight get it too. */
  signal?: AbortSignal;
}

/** The assistant message of a tool turn and its results, committed to history together. */
interface OpenTurn {
  text: string;
  calls: ToolCall[];
  reasoning: ReasoningPart[] | undefined;
  results: Map<ToolCall, ToolResult>;
}

/**
 * The agent loop: a system prompt, a model, a registry of tools and a while loop.
 *
 * ```ts
 * const agent = new Agent({ model, registry, systemPrompt: "You are terse." });
 * for await (const event of agent.run("What is 2 + 2?")) {
 *   if (event.type === "text-delta") process.stdout.write(event.text);
 *   if (event.type === "done") console.log(`\n(${event.reason})`);
 * }
 * ```
 */
export class Agent {
  readonly #options: ResolvedAgentOptions;
  readonly #tools: ToolSpecCache;
  #messages: ChatMessage[] = [];
  #running = false;
  #conversationId: string;

  /** Checks the options (throws `AgentError` `OPTIONS_INVALID`) and registers the exit tools. */
  constructor(options: AgentOptions) {
    this.#options = resolveAgentOptions(options);
    if (this.#options.exitTools) ensureExitTools(this.#options.registry);
    this.#checkToolSearchName();
    this.#tools = new ToolSpecCache(
      this.#options.registry,
      this.#options.tools,
      this.#options.exitTools,
      { mode: this.#options.toolSearch, budgetTokens: this.#options.toolSearchBudgetTokens },
    );
    this.#messages = this.#initialMessages();
    this.#conversationId = this.#options.tracing?.conversationId ?? randomUUID();
  }

  /** The conversation so far, system prompt first; later runs continue it. A copy. */
  get messages(): readonly ChatMessage[] {
    return [...this.#messages];
  }

  /** True while a run is going. */
  get running(): boolean {
    return this.#running;
  }

  /** Clears the conversation back to the system prompt. Not allowed during a run. */
  reset(): void {
    if (this.#running) {
      throw new AgentError({
        code: "RUN_IN_PROGRESS",
        message:
          "agent.reset(): a run is still going; abort it (or finish iterating its events) first.",
      });
    }
    this.#messages = this.#initialMessages();
    this.#tools.unload();
    this.#conversationId = this.#options.tracing?.conversationId ?? randomUUID();
  }

  /**
   * Continues a saved conversation: the history becomes this agent's system prompt followed
   * by `messages` (a former `agent.messages`; its system messages are dropped, so the
   * current prompt applies). The tools its `tool_search` answers loaded are loaded again
   * (see `toolsLoadedBySearch`), so the model is offered what it used before; those the
   * registry no longer has, or no longer keeps back, are not. Not allowed during a run.
   */
  restore(messages: readonly ChatMessage[]): void {
    if (this.#running) {
      throw new AgentError({
        code: "RUN_IN_PROGRESS",
        message:
          "agent.restore(): a run is still going; abort it (or finish iterating its events) first.",
      });
    }
    this.#messages = [
      ...this.#initialMessages(),
      ...messages.filter((message) => message.role !== "system"),
    ];
    this.#tools.unload();
    this.#tools.load(toolsLoadedBySearch(messages));
  }

  /** Names of the tools the next model call will be offered (`tool_search` included when offered). */
  get offeredTools(): readonly string[] {
    return this.#tools.current().specs.map((spec) => spec.name);
  }

  /**
   * Names of kept-back tools that `tool_search` loaded in this conversation (until `reset`),
   * or that `restore` loaded again; a loaded tool the registry no longer has is not listed.
   */
  get loadedTools(): readonly string[] {
    const keptBack = new Set(this.#tools.current().deferred.map((tool) => tool.name));
    return [...this.#tools.loaded].filter((name) => keptBack.has(name));
  }

  /**
   * Sends `input` and runs the loop until the model is done, asks, runs out of turns,
   * fails or is aborted. The run starts when you start iterating; the last event is
   * always `done`. Stopping the iteration early counts as an abort.
   * @throws AgentError `INPUT_INVALID` at once for bad input; `RUN_IN_PROGRESS` on the
   * first iteration when another run of this agent is still going. The run's
   * `invoke_agent` span is a child of the context active here (a `serve` request's trace).
   */
  run(input: AgentInput, options: RunOptions = {}): AsyncIterable<AgentEvent> {
    const message = toUserMessage(input);
    return this.#run(message, options.signal, context.active());
  }

  /** `tool_search` is the agent's own; a registry tool of that name would be hidden by it. */
  #checkToolSearchName(): void {
    const existing = toolSearchNameTakenBy(this.#options.registry, this.#options.toolSearch);
    if (existing === undefined) return;
    throw new AgentError({
      code: "TOOL_SEARCH_TAKEN",
      message: `The registry has a tool named "${TOOL_SEARCH}" (toolset "${existing.toolset}"), but the agent needs that name for its search over deferred tools. Rename your tool, or pass toolSearch: "never" to new Agent(…).`,
    });
  }

  #initialMessages(): ChatMessage[] {
    const { systemPrompt, exitTools } = this.#options;
    const prompt = systemPrompt ?? defaultSystemPrompt({ exitTools });
    return prompt === "" ? [] : [{ role: "system", content: prompt }];
  }

  async *#run(
    message: ChatMessage,
    outerSignal: AbortSignal | undefined,
    parent: Context,
  ): AsyncGenerator<AgentEvent> {
    if (this.#running) {
      throw new AgentError({
        code: "RUN_IN_PROGRESS",
        message:
          "agent.run(): another run of this agent is still going; wait for its done event or abort it first.",
      });
    }
    this.#checkToolSearchName();
    this.#running = true;
    const { model, registry, maxTurns, exitTools, runStep } = this.#options;
    // Our own controller also stops the run when the consumer stops iterating.
    const controller = new AbortController();
    const forwardAbort = () => controller.abort(outerSignal?.reason);
    if (outerSignal?.aborted) forwardAbort();
    outerSignal?.addEventListener("abort", forwardAbort, { once: true });
    const signal = controller.signal;
    // Every tool call in flight (and the registry, the MCP client) listens to this signal;
    // eight parallel calls are normal, not a leak worth Node's warning. Not 0 ("unlimited"):
    // Node 20's events.getMaxListeners() throws for a signal set to 0, and fetch() calls it
    // on every request's signal (a caught error with a stack trace per model turn).
    setMaxListeners(Number.POSITIVE_INFINITY, signal);
    const usage: TokenUsage = { inputTokens: 0, outputTokens: 0 };
    let turns = 0;
    let lastText: string | undefined;
    let lastAnswer = ""; // the text answer that got one more turn ("two-texts")
    let afterToolTurn = false;
    let open: OpenTurn | undefined;
    let streaming: ModelTurn | undefined;
    const content = contentRecorder(this.#options.tracing);
    const runSpan: Span = startRunSpan({
      agentName: this.#options.tracing?.agentName ?? "tinyloop",
      conversationId: this.#conversationId,
      model,
      parent,
    });
    const runContext = trace.setSpan(parent, runSpan);
    let runEnded = false;
    let chat: ChatSpan | undefined;
    const done = (reason: StopReason, extra: Partial<DoneEvent> = {}): DoneEvent => {
      const event: DoneEvent = {
        type: "done",
        reason,
        turns,
        usage: { ...usage },
        ...extra,
        ...spanIds(runSpan),
      };
      runEnded = true;
      endRunSpan(runSpan, event);
      return event;
    };

    try {
      if (exitTools) ensureExitTools(registry); // someone may have unregistered toolset "agent"
      this.#messages.push(message);
      while (true) {
        if (signal.aborted) return yield done("aborted");
        if (turns >= maxTurns) return yield done("max-turns", lastText ? { text: lastText } : {});
        turns++;
        const offered = this.#tools.current();
        const request = {
          messages: [...this.#messages],
          ...(offered.specs.length > 0 ? { tools: offered.specs } : {}),
          signal,
        };
        const turnSpan = new ChatSpan(model, request, runContext, content);
        chat = turnSpan;
        const chatIds = spanIds(turnSpan.span);
        yield { type: "turn-start", turn: turns, startedAt: epochNow(), ...chatIds };
        streaming = { text: "", toolCalls: [] };
        const turn = yield* modelTurnStep({
          runStep,
          model,
          request,
          turn: turns,
          signal,
          out: streaming,
          chat: turnSpan,
        });
        streaming = undefined;
        chat = undefined;
        turnSpan.end(model, turn, content);
        if (turn.usage) {
          usage.inputTokens += turn.usage.inputTokens;
          usage.outputTokens += turn.usage.outputTokens;
          // Summed only over the turns that reported it: absent when none did.
          if (turn.usage.reasoningTokens !== undefined) {
            usage.reasoningTokens = (usage.reasoningTokens ?? 0) + turn.usage.reasoningTokens;
          }
          if (turn.usage.cacheReadTokens !== undefined) {
            usage.cacheReadTokens = (usage.cacheReadTokens ?? 0) + turn.usage.cacheReadTokens;
          }
        }
        const modelEndedAt = epochNow();
        // Built when yielded: a tool turn ends once its calls settled.
        const turnEnd = (): AgentEvent => ({
          type: "turn-end",
          turn: turns,
          ...(turn.usage ? { usage: turn.usage } : {}),
          ...(turn.finishReason ? { finishReason: turn.finishReason } : {}),
          toolCalls: turn.toolCalls.length,
          modelEndedAt,
          endedAt: epochNow(),
          ...chatIds,
        });

        if (turn.stopped) {
          // Keep the text the user already saw; calls of an unfinished answer never ran.
          if (turn.text) this.#messages.push({ role: "assistant", content: turn.text });
          yield turnEnd();
          const partial = turn.text ? { text: turn.text } : {};
          if (turn.stopped.reason === "aborted") return yield done("aborted", partial);
          return yield done("error", { ...partial, error: turn.stopped.error });
        }
        if (turn.toolCalls.length === 0) {
          this.#messages.push({
            role: "assistant",
            content: turn.text,
            ...(turn.reasoning?.length ? { reasoning: turn.reasoning } : {}),
          });
          yield turnEnd();
          if (textTurnEndsRun(this.#options.endWhen, afterToolTurn)) {
            const text = [lastAnswer, turn.text].filter(Boolean).join("\n\n");
            return yield done("completed", { text });
          }
          afterToolTurn = false;
          lastAnswer = turn.text;
          lastText = turn.text || undefined;
          this.#messages.push({ role: "user", content: continueMessage({ exitTools }) });
          continue;
        }

        afterToolTurn = true;
        lastAnswer = "";
        lastText = turn.text || undefined;
        open = {
          text: turn.text,
          calls: turn.toolCalls,
          reasoning: turn.reasoning,
          results: new Map(),
        };
        const channel = new EventChannel<ToolResultEvent | ToolProgressEvent>();
        const settledTurn = open;
        const all = runToolCalls({
          calls: turn.toolCalls,
          turn: turns,
          registry,
          offered: offered.byName,
          // Under "never" the name is the registry's: a tool of its own called tool_search
          // (allowed then) is dispatched like any other, not answered by the agent's search.
          local:
            this.#options.toolSearch === "never"
              ? undefined
              : new Map([
                  [
                    TOOL_SEARCH,
                    (args: string) => {
                      const found = new Set<string>();
                      const result = runToolSearch(args, registry, offered.deferred, found);
                      this.#tools.load(found);
                      return result;
                    },
                  ],
                ]),
          approve: this.#options.approve,
          runStep,
          concurrency: this.#options.toolConcurrency,
          signal,
          onResult: (event) => {
            settledTurn.results.set(event.call, event.result);
            channel.push(event);
          },
          onProgress: (event) => channel.push(event),
          trace: { parent: turnSpan.context, content },
        }).finally(() => channel.close());
        for await (const event of channel) yield event;
        const settled = await all;
        this.#commit(open);
        open = undefined;
        yield turnEnd();

        if (signal.aborted) return yield done("aborted");
        const exit = exitOf(settled, offered.byName, turn.text);
        if (exit)
          return yield done(exit.reason, exit.text === undefined ? {} : { text: exit.text });
      }
    } finally {
      outerSignal?.removeEventListener("abort", forwardAbort);
      controller.abort(); // stops tool calls still in flight if the consumer left early
      if (streaming?.text) this.#messages.push({ role: "assistant", content: streaming.text });
      if (open) this.#commit(open);
      // The consumer left mid-run: the spans still end, as aborted.
      chat?.end(
        model,
        { ...(streaming ?? { text: "", toolCalls: [] }), stopped: { reason: "aborted" } },
        content,
      );
      if (!runEnded) done("aborted");
      this.#running = false;
    }
  }

  /** Appends a tool turn to history: the assistant message, then one tool message per call. */
  #commit(turn: OpenTurn): void {
    const options = {
      vision: this.#options.model.capabilities.vision,
      maxChars: this.#options.maxToolResultChars,
    };
    this.#messages.push(
      ...toolTurnMessages(turn.text, turn.calls, turn.results, options, turn.reasoning),
    );
  }
}
