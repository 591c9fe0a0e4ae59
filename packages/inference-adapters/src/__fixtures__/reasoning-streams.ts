import type { ReasoningPart } from "../types.js";

/**
 * Streams of reasoning models in each provider's wire shape, event by event, built from the
 * provider's documentation of its streaming format (named in `source`) and the shapes seen
 * from those servers; ids and timestamps shortened. The scripted model server plays them
 * verbatim (`recorded`), and the tests check that text, reasoning and tool calls come out
 * of the adapter exactly as written here (`expected`).
 */
export interface ReasoningStreamCase {
  name: string;
  /** Where the shape comes from. */
  source: string;
  wire: "openai" | "anthropic";
  /** Model id the stream came from (some rules read it). */
  model: string;
  events: Array<Record<string, unknown> | string>;
  expected: {
    text: string;
    reasoning: string;
    toolCalls: Array<{ name: string; arguments: string }>;
    /** The complete `reasoning` events' parts. */
    parts: ReasoningPart[];
    usage?: {
      inputTokens: number;
      outputTokens: number;
      reasoningTokens?: number;
      cacheReadTokens?: number;
    };
    finish: "stop" | "tool-calls";
  };
}

/** One chat-completions chunk with the envelope every OpenAI-compatible server sends. */
const chunk = (
  model: string,
  delta: Record<string, unknown>,
  finishReason: string | null = null,
  extra: Record<string, unknown> = {},
) => ({
  id: "chatcmpl-1",
  object: "chat.completion.chunk",
  created: 1_760_000_000,
  model,
  choices: [{ index: 0, delta, logprobs: null, finish_reason: finishReason }],
  ...extra,
});

const usageChunk = (model: string, usage: Record<string, unknown>) => ({
  id: "chatcmpl-1",
  object: "chat.completion.chunk",
  created: 1_760_000_000,
  model,
  choices: [],
  usage,
});

const deepseek = "deepseek-reasoner";
const groq = "qwen/qwen3-32b";
const openrouter = "anthropic/claude-sonnet-4";
const magistral = "magistral-medium-2507";
const ollama = "qwen3:8b";
const vllm = "Qwen/Qwen3-8B";
const xai = "grok-3-mini";
const openai = "o4-mini";
const claude = "claude-sonnet-4-5";

/** The cases, one per provider shape. */
export const reasoningStreams: ReasoningStreamCase[] = [
  {
    name: "DeepSeek reasoning_content, then the answer",
    source:
      "https://api-docs.deepseek.com/guides/reasoning_model (streaming: delta.reasoning_content, then delta.content; the other field null)",
    wire: "openai",
    model: deepseek,
    events: [
      chunk(deepseek, { role: "assistant", content: null, reasoning_content: "" }),
      chunk(deepseek, { content: null, reasoning_content: "9.11 vs 9.8:" }),
      chunk(deepseek, { content: null, reasoning_content: " 9.80 is larger." }),
      chunk(deepseek, { content: "9.8 is", reasoning_content: null }),
      chunk(deepseek, { content: " greater.", reasoning_content: null }),
      chunk(deepseek, { content: "", reasoning_content: null }, "stop", {
        usage: {
          prompt_tokens: 15,
          completion_tokens: 40,
          total_tokens: 55,
          completion_tokens_details: { reasoning_tokens: 31 },
        },
      }),
      "[DONE]",
    ],
    expected: {
      text: "9.8 is greater.",
      reasoning: "9.11 vs 9.8: 9.80 is larger.",
      toolCalls: [],
      parts: [],
      usage: { inputTokens: 15, outputTokens: 40, reasoningTokens: 31 },
      finish: "stop",
    },
  },
  {
    name: "DeepSeek thinking mode with a tool call",
    source:
      "https://api-docs.deepseek.com/guides/thinking_mode#tool-calls (reasoning_content, then tool_calls deltas)",
    wire: "openai",
    model: "deepseek-chat",
    events: [
      chunk("deepseek-chat", { role: "assistant", content: null, reasoning_content: "Need the " }),
      chunk("deepseek-chat", { content: null, reasoning_content: "weather." }),
      chunk("deepseek-chat", {
        content: null,
        tool_calls: [
          {
            index: 0,
            id: "call_00_x",
            type: "function",
            function: { name: "get_weather", arguments: "" },
          },
        ],
      }),
      chunk("deepseek-chat", { tool_calls: [{ index: 0, function: { arguments: '{"city":' } }] }),
      chunk("deepseek-chat", { tool_calls: [{ index: 0, function: { arguments: '"Oslo"}' } }] }),
      chunk("deepseek-chat", { content: "" }, "tool_calls"),
      "[DONE]",
    ],
    expected: {
      text: "",
      reasoning: "Need the weather.",
      toolCalls: [{ name: "get_weather", arguments: '{"city":"Oslo"}' }],
      parts: [],
      finish: "tool-calls",
    },
  },
  {
    name: "Groq reasoning_format parsed: delta.reasoning",
    source:
      "https://console.groq.com/docs/reasoning (reasoning_format: parsed → a reasoning field beside content)",
    wire: "openai",
    model: groq,
    events: [
      chunk(groq, { role: "assistant", content: "" }),
      chunk(groq, { reasoning: "The user greets;" }),
      chunk(groq, { reasoning: " answer briefly." }),
      chunk(groq, { content: "Hello!" }),
      chunk(groq, {}, "stop", {
        x_groq: {
          id: "req_1",
          usage: { prompt_tokens: 12, completion_tokens: 9, total_tokens: 21 },
        },
      }),
      "[DONE]",
    ],
    expected: {
      text: "Hello!",
      reasoning: "The user greets; answer briefly.",
      toolCalls: [],
      parts: [],
      usage: { inputTokens: 12, outputTokens: 9 },
      finish: "stop",
    },
  },
  {
    name: "OpenRouter reasoning and signed reasoning_details (Claude)",
    source:
      "https://openrouter.ai/docs/use-cases/reasoning-tokens (delta.reasoning and delta.reasoning_details: reasoning.text with format and signature)",
    wire: "openai",
    model: openrouter,
    events: [
      chunk(openrouter, {
        role: "assistant",
        content: "",
        reasoning: "Check the file",
        reasoning_details: [
          {
            type: "reasoning.text",
            text: "Check the file",
            format: "anthropic-claude-v1",
            index: 0,
          },
        ],
      }),
      chunk(openrouter, {
        role: "assistant",
        content: "",
        reasoning: " first.",
        reasoning_details: [
          { type: "reasoning.text", text: " first.", format: "anthropic-claude-v1", index: 0 },
        ],
      }),
      chunk(openrouter, {
        role: "assistant",
        content: "",
        reasoning_details: [
          {
            type: "reasoning.text",
            signature: "EqQBCkgIARABGAIiQL",
            format: "anthropic-claude-v1",
            index: 0,
          },
        ],
      }),
      chunk(openrouter, {
        role: "assistant",
        content: null,
        tool_calls: [
          {
            index: 0,
            id: "toolu_01",
            type: "function",
            function: { name: "read_file", arguments: '{"path":"a.txt"}' },
          },
        ],
      }),
      chunk(openrouter, { role: "assistant", content: "" }, "tool_calls"),
      usageChunk(openrouter, {
        prompt_tokens: 100,
        completion_tokens: 30,
        total_tokens: 130,
        completion_tokens_details: { reasoning_tokens: 12 },
      }),
      "[DONE]",
    ],
    expected: {
      text: "",
      reasoning: "Check the file first.",
      toolCalls: [{ name: "read_file", arguments: '{"path":"a.txt"}' }],
      parts: [
        {
          type: "thinking",
          text: "Check the file first.",
          signature: "EqQBCkgIARABGAIiQL",
          format: "anthropic-claude-v1",
        },
      ],
      usage: { inputTokens: 100, outputTokens: 30, reasoningTokens: 12 },
      finish: "tool-calls",
    },
  },
  {
    name: "Mistral Magistral content lists: thinking and text parts, both from one chunk",
    source:
      "https://docs.mistral.ai/capabilities/reasoning/ (content as a list of thinking chunks — their text in a nested list — and text chunks)",
    wire: "openai",
    model: magistral,
    events: [
      chunk(magistral, {
        role: "assistant",
        content: [{ type: "thinking", thinking: [{ type: "text", text: "Two plus two" }] }],
      }),
      chunk(magistral, {
        content: [
          { type: "thinking", thinking: [{ type: "text", text: " is four." }] },
          { type: "text", text: "The answer" },
        ],
      }),
      chunk(magistral, { content: " is 4." }),
      chunk(magistral, { content: "" }, "stop", {
        usage: { prompt_tokens: 8, total_tokens: 30, completion_tokens: 22 },
      }),
      "[DONE]",
    ],
    expected: {
      text: "The answer is 4.",
      reasoning: "Two plus two is four.",
      toolCalls: [],
      parts: [],
      usage: { inputTokens: 8, outputTokens: 22 },
      finish: "stop",
    },
  },
  {
    name: "Ollama /v1: delta.reasoning, tool call in one chunk, finish stop",
    source:
      "https://docs.ollama.com/api/openai-compatibility (thinking models stream `reasoning`; tool calls whole, finish_reason as observed)",
    wire: "openai",
    model: ollama,
    events: [
      chunk(ollama, { role: "assistant", content: "", reasoning: "List the folder." }),
      chunk(ollama, {
        role: "assistant",
        content: "",
        tool_calls: [
          {
            id: "call_k3",
            index: 0,
            type: "function",
            function: { name: "list_directory", arguments: '{"path":"."}' },
          },
        ],
      }),
      chunk(ollama, { role: "assistant", content: "" }, "tool_calls"),
      usageChunk(ollama, { prompt_tokens: 40, completion_tokens: 20, total_tokens: 60 }),
      "[DONE]",
    ],
    expected: {
      text: "",
      reasoning: "List the folder.",
      toolCalls: [{ name: "list_directory", arguments: '{"path":"."}' }],
      parts: [],
      usage: { inputTokens: 40, outputTokens: 20 },
      finish: "tool-calls",
    },
  },
  {
    name: "vLLM / llama.cpp server reasoning parser: delta.reasoning_content",
    source:
      "https://docs.vllm.ai/en/latest/features/reasoning_outputs.html and llama.cpp tools/server README (--reasoning-format deepseek)",
    wire: "openai",
    model: vllm,
    events: [
      chunk(vllm, { role: "assistant", content: "" }),
      chunk(vllm, { reasoning_content: "\nShort answer." }),
      chunk(vllm, { content: "\n\nHi" }),
      chunk(vllm, { content: "" }, "stop"),
      usageChunk(vllm, { prompt_tokens: 9, completion_tokens: 7, total_tokens: 16 }),
      "[DONE]",
    ],
    expected: {
      text: "\n\nHi",
      reasoning: "\nShort answer.",
      toolCalls: [],
      parts: [],
      usage: { inputTokens: 9, outputTokens: 7 },
      finish: "stop",
    },
  },
  {
    name: "xAI grok-3-mini: reasoning_content and reasoning tokens",
    source:
      "https://docs.x.ai/docs/guides/reasoning (reasoning_content deltas; usage.completion_tokens_details.reasoning_tokens)",
    wire: "openai",
    model: xai,
    events: [
      chunk(xai, { role: "assistant", reasoning_content: "Compute." }),
      chunk(xai, { content: "42" }),
      chunk(xai, {}, "stop", {
        usage: {
          prompt_tokens: 20,
          completion_tokens: 11,
          total_tokens: 31,
          completion_tokens_details: { reasoning_tokens: 10 },
        },
      }),
      "[DONE]",
    ],
    expected: {
      text: "42",
      reasoning: "Compute.",
      toolCalls: [],
      parts: [],
      usage: { inputTokens: 20, outputTokens: 11, reasoningTokens: 10 },
      finish: "stop",
    },
  },
  {
    name: "OpenAI o-series: no reasoning text, reasoning tokens in usage",
    source:
      "https://platform.openai.com/docs/guides/reasoning (chat completions never stream the reasoning; usage.completion_tokens_details.reasoning_tokens)",
    wire: "openai",
    model: openai,
    events: [
      chunk(openai, { role: "assistant", content: "", refusal: null }, null, { usage: null }),
      chunk(openai, { content: "Done." }, null, { usage: null }),
      chunk(openai, {}, "stop", { usage: null }),
      usageChunk(openai, {
        prompt_tokens: 30,
        completion_tokens: 200,
        total_tokens: 230,
        prompt_tokens_details: { cached_tokens: 0 },
        completion_tokens_details: { reasoning_tokens: 192 },
      }),
      "[DONE]",
    ],
    expected: {
      text: "Done.",
      reasoning: "",
      toolCalls: [],
      parts: [],
      usage: { inputTokens: 30, outputTokens: 200, reasoningTokens: 192, cacheReadTokens: 0 },
      finish: "stop",
    },
  },
  {
    name: "Moonshot kimi-k2-thinking: reasoning_content, then a tool call",
    source:
      "https://platform.moonshot.ai/docs/guide/use-kimi-k2-thinking-model (delta.reasoning_content beside content and tool_calls)",
    wire: "openai",
    model: "kimi-k2-thinking",
    events: [
      chunk("kimi-k2-thinking", { role: "assistant", content: "" }),
      chunk("kimi-k2-thinking", { reasoning_content: "Search first." }),
      chunk("kimi-k2-thinking", {
        tool_calls: [
          {
            index: 0,
            id: "functions.search:0",
            type: "function",
            function: { name: "search", arguments: '{"q":"tinyloop"}' },
          },
        ],
      }),
      chunk("kimi-k2-thinking", {}, "tool_calls", {
        usage: { prompt_tokens: 60, completion_tokens: 25, total_tokens: 85 },
      }),
      "[DONE]",
    ],
    expected: {
      text: "",
      reasoning: "Search first.",
      toolCalls: [{ name: "search", arguments: '{"q":"tinyloop"}' }],
      parts: [],
      usage: { inputTokens: 60, outputTokens: 25 },
      finish: "tool-calls",
    },
  },
  {
    name: "Cerebras: delta.reasoning (reasoning_format parsed)",
    source:
      "https://inference-docs.cerebras.ai/capabilities/reasoning (parsed reasoning in a `reasoning` field of the delta)",
    wire: "openai",
    model: "gpt-oss-120b",
    events: [
      chunk("gpt-oss-120b", { role: "assistant" }),
      chunk("gpt-oss-120b", { reasoning: "Simple greeting." }),
      chunk("gpt-oss-120b", { content: "Hi!" }),
      chunk("gpt-oss-120b", {}, "stop", {
        usage: {
          prompt_tokens: 70,
          completion_tokens: 12,
          total_tokens: 82,
          completion_tokens_details: { reasoning_tokens: 8 },
        },
      }),
      "[DONE]",
    ],
    expected: {
      text: "Hi!",
      reasoning: "Simple greeting.",
      toolCalls: [],
      parts: [],
      usage: { inputTokens: 70, outputTokens: 12, reasoningTokens: 8 },
      finish: "stop",
    },
  },
  {
    name: "llama.cpp server (--reasoning-format deepseek): reasoning_content, timings on the last chunk",
    source:
      "https://github.com/ggml-org/llama.cpp/blob/master/tools/server/README.md (reasoning_format: deepseek puts thoughts in delta.reasoning_content)",
    wire: "openai",
    model: "Qwen3-8B-Q4_K_M.gguf",
    events: [
      chunk("Qwen3-8B-Q4_K_M.gguf", { role: "assistant", content: null }),
      chunk("Qwen3-8B-Q4_K_M.gguf", { reasoning_content: "User says hi." }),
      chunk("Qwen3-8B-Q4_K_M.gguf", { content: "Hello!" }),
      chunk("Qwen3-8B-Q4_K_M.gguf", {}, "stop", {
        usage: { completion_tokens: 9, prompt_tokens: 11, total_tokens: 20 },
        timings: { prompt_n: 11, predicted_n: 9 },
      }),
      "[DONE]",
    ],
    expected: {
      text: "Hello!",
      reasoning: "User says hi.",
      toolCalls: [],
      parts: [],
      usage: { inputTokens: 11, outputTokens: 9 },
      finish: "stop",
    },
  },
  {
    name: "Hugging Face router (DeepSeek-R1 on a provider): reasoning_content passed through",
    source:
      "https://huggingface.co/docs/inference-providers/tasks/chat-completion (the provider's chat-completions stream, reasoning_content as the provider sends it)",
    wire: "openai",
    model: "deepseek-ai/DeepSeek-R1",
    events: [
      chunk("deepseek-ai/DeepSeek-R1", {
        role: "assistant",
        content: "",
        reasoning_content: "Two words.",
      }),
      chunk("deepseek-ai/DeepSeek-R1", { content: "Hi there", reasoning_content: null }),
      chunk("deepseek-ai/DeepSeek-R1", { content: "" }, "stop"),
      usageChunk("deepseek-ai/DeepSeek-R1", {
        prompt_tokens: 5,
        completion_tokens: 6,
        total_tokens: 11,
      }),
      "[DONE]",
    ],
    expected: {
      text: "Hi there",
      reasoning: "Two words.",
      toolCalls: [],
      parts: [],
      usage: { inputTokens: 5, outputTokens: 6 },
      finish: "stop",
    },
  },
  {
    name: "Mistral Small: thinking parts, then a tool call",
    source:
      "https://docs.mistral.ai/capabilities/reasoning/ (mistral-small reasoning: thinking chunks in content lists) and /capabilities/function_calling",
    wire: "openai",
    model: "mistral-small-latest",
    events: [
      chunk("mistral-small-latest", {
        role: "assistant",
        content: [{ type: "thinking", thinking: [{ type: "text", text: "Call the tool." }] }],
      }),
      chunk("mistral-small-latest", {
        content: "",
        tool_calls: [
          {
            id: "D681PevKs",
            function: { name: "get_weather", arguments: '{"city": "Paris"}' },
            index: 0,
          },
        ],
      }),
      chunk("mistral-small-latest", { content: "" }, "tool_calls", {
        usage: { prompt_tokens: 90, total_tokens: 110, completion_tokens: 20 },
      }),
      "[DONE]",
    ],
    expected: {
      text: "",
      reasoning: "Call the tool.",
      toolCalls: [{ name: "get_weather", arguments: '{"city": "Paris"}' }],
      parts: [],
      usage: { inputTokens: 90, outputTokens: 20 },
      finish: "tool-calls",
    },
  },
  {
    name: "Anthropic extended thinking: signed thinking, text and a tool call",
    source:
      "https://docs.claude.com/en/docs/build-with-claude/extended-thinking#streaming-thinking (thinking_delta, signature_delta, then text and tool_use blocks)",
    wire: "anthropic",
    model: claude,
    events: [
      {
        type: "message_start",
        message: {
          id: "msg_01",
          type: "message",
          role: "assistant",
          model: claude,
          content: [],
          stop_reason: null,
          stop_sequence: null,
          usage: { input_tokens: 50, output_tokens: 1 },
        },
      },
      {
        type: "content_block_start",
        index: 0,
        content_block: { type: "thinking", thinking: "", signature: "" },
      },
      {
        type: "content_block_delta",
        index: 0,
        delta: { type: "thinking_delta", thinking: "I should read" },
      },
      {
        type: "content_block_delta",
        index: 0,
        delta: { type: "thinking_delta", thinking: " the file." },
      },
      {
        type: "content_block_delta",
        index: 0,
        delta: { type: "signature_delta", signature: "EqQBCgIYAhIM1gbcDa9GJwZA2b3h" },
      },
      { type: "content_block_stop", index: 0 },
      { type: "content_block_start", index: 1, content_block: { type: "text", text: "" } },
      { type: "content_block_delta", index: 1, delta: { type: "text_delta", text: "Reading it." } },
      { type: "content_block_stop", index: 1 },
      {
        type: "content_block_start",
        index: 2,
        content_block: { type: "tool_use", id: "toolu_01A", name: "read_file", input: {} },
      },
      {
        type: "content_block_delta",
        index: 2,
        delta: { type: "input_json_delta", partial_json: '{"path":' },
      },
      {
        type: "content_block_delta",
        index: 2,
        delta: { type: "input_json_delta", partial_json: '"a.txt"}' },
      },
      { type: "content_block_stop", index: 2 },
      {
        type: "message_delta",
        delta: { stop_reason: "tool_use", stop_sequence: null },
        usage: { output_tokens: 90 },
      },
      { type: "message_stop" },
    ],
    expected: {
      text: "Reading it.",
      reasoning: "I should read the file.",
      toolCalls: [{ name: "read_file", arguments: '{"path":"a.txt"}' }],
      parts: [
        {
          type: "thinking",
          text: "I should read the file.",
          signature: "EqQBCgIYAhIM1gbcDa9GJwZA2b3h",
        },
      ],
      usage: { inputTokens: 50, outputTokens: 90 },
      finish: "tool-calls",
    },
  },
  {
    name: "Anthropic redacted_thinking block",
    source:
      "https://docs.claude.com/en/docs/build-with-claude/extended-thinking#thinking-redaction (a redacted_thinking block with encrypted data)",
    wire: "anthropic",
    model: "claude-3-7-sonnet-20250219",
    events: [
      {
        type: "message_start",
        message: {
          id: "msg_02",
          type: "message",
          role: "assistant",
          model: "claude-3-7-sonnet-20250219",
          content: [],
          stop_reason: null,
          stop_sequence: null,
          usage: { input_tokens: 20, output_tokens: 1 },
        },
      },
      {
        type: "content_block_start",
        index: 0,
        content_block: { type: "redacted_thinking", data: "EmwKAhgBEgy3va3pzix/LafPsn4aDFIT" },
      },
      { type: "content_block_stop", index: 0 },
      { type: "content_block_start", index: 1, content_block: { type: "text", text: "" } },
      { type: "content_block_delta", index: 1, delta: { type: "text_delta", text: "Sure." } },
      { type: "content_block_stop", index: 1 },
      {
        type: "message_delta",
        delta: { stop_reason: "end_turn", stop_sequence: null },
        usage: { output_tokens: 30 },
      },
      { type: "message_stop" },
    ],
    expected: {
      text: "Sure.",
      reasoning: "",
      toolCalls: [],
      parts: [{ type: "redacted", data: "EmwKAhgBEgy3va3pzix/LafPsn4aDFIT" }],
      usage: { inputTokens: 20, outputTokens: 30 },
      finish: "stop",
    },
  },
];
