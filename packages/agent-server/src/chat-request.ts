import type { AgentInput } from "@tinyloop/agent-loop";
import { describeValue } from "@tinyloop/errors";
import type { ChatMessage, ToolCall, UserPart } from "@tinyloop/inference-adapters";
import { badRequest } from "./api-error.js";

/** A checked `POST /v1/chat/completions` body, in the agent's terms. */
export interface ChatCompletionRequest {
  /** The `model` the client asked for. */
  model: string;
  /** Every message before the last user message, converted (client system messages kept). */
  history: ChatMessage[];
  /** The last user message: what the agent runs on. */
  input: AgentInput;
  stream: boolean;
  /** `stream_options.include_usage`: a last chunk with the usage. */
  includeUsage: boolean;
  temperature?: number;
  /** `max_completion_tokens` (or the older `max_tokens`), per model call. */
  maxTokens?: number;
  /** Image parts given as http(s) URLs (only when allowed): to fill in with {@link fetchImageParts}. */
  imageUrls: ImageUrlPart[];
}

/** An image part whose bytes are still at `url`; `part` is filled in place once fetched. */
export interface ImageUrlPart {
  part: { type: "image"; mimeType: string; data: string };
  url: string;
  /** The part's parameter path, for errors (`messages[0].content[1].image_url.url`). */
  param: string;
}

/** How `image_url` parts with an http(s) URL are treated (data URLs are always accepted). */
export interface ImageUrlPolicy {
  /** Fetch them (the server makes the request). Default false: refused. */
  fetch: boolean;
  /** Added to the refusal: how the operator allows them (a program's own flag). */
  hint?: string;
}

const EXAMPLE = `{"model": "agent", "messages": [{"role": "user", "content": "Hello"}]}`;

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/** Text of a `content` that may be a string or a list of `{type: "text", text}` parts. */
function textContent(value: unknown, at: string, allowNull = false): string {
  if (typeof value === "string") return value;
  if (value === null || value === undefined) {
    if (allowNull) return "";
    throw badRequest(
      at,
      `${at}: expected text or a list of text parts, got ${describeValue(value)}`,
    );
  }
  if (!Array.isArray(value)) {
    throw badRequest(
      at,
      `${at}: expected text or a list of text parts, got ${describeValue(value)}`,
    );
  }
  return value
    .map((part, index) => {
      const where = `${at}[${index}]`;
      if (isObject(part) && (part.type === "text" || part.type === "refusal")) {
        const text = part.type === "text" ? part.text : part.refusal;
        if (typeof text === "string") return text;
      }
      throw badRequest(
        where,
        `${where}: expected {"type": "text", "text": "…"}, got ${describeValue(part)}`,
      );
    })
    .join("");
}

const DATA_URL = /^data:(image\/[a-z0-9.+-]+);base64,([A-Za-z0-9+/=\s]+)$/i;

function userParts(
  value: unknown,
  at: string,
  images: { policy: ImageUrlPolicy; found: ImageUrlPart[] },
): string | UserPart[] {
  if (typeof value === "string") return value;
  if (!Array.isArray(value) || value.length === 0) {
    throw badRequest(
      at,
      `${at}: expected text or a non-empty list of parts, got ${describeValue(value)} (example: "Hello" or [{"type": "text", "text": "Hello"}])`,
    );
  }
  return value.map((part, index): UserPart => {
    const where = `${at}[${index}]`;
    if (isObject(part) && part.type === "text" && typeof part.text === "string") {
      return { type: "text", text: part.text };
    }
    if (isObject(part) && part.type === "image_url") {
      const url = isObject(part.image_url) ? part.image_url.url : undefined;
      const match = typeof url === "string" ? DATA_URL.exec(url) : null;
      if (match?.[1] && match[2]) {
        return { type: "image", mimeType: match[1], data: match[2].replace(/\s/g, "") };
      }
      const param = `${where}.image_url.url`;
      if (typeof url === "string" && /^https?:\/\//i.test(url)) {
        if (!images.policy.fetch) {
          throw badRequest(
            param,
            `${param}: this server does not fetch image URLs (fetching an address a client sends lets clients make the server reach its own network); send the image as a base64 data URL, e.g. "data:image/png;base64,iVBOR…"${images.policy.hint ? `, or ${images.policy.hint}` : ""}`,
            "unsupported_value",
          );
        }
        const part = { type: "image" as const, mimeType: "", data: "" };
        images.found.push({ part, url, param });
        return part;
      }
      throw badRequest(
        param,
        `${param}: expected a base64 data URL${images.policy.fetch ? " or an http(s) URL" : ""}, got ${describeValue(url)} (example: "data:image/png;base64,iVBOR…")`,
      );
    }
    throw badRequest(
      where,
      `${where}: expected {"type": "text", "text": "…"} or {"type": "image_url", "image_url": {"url": "data:image/png;base64,…"}}, got ${JSON.stringify(part)?.slice(0, 120)}`,
    );
  });
}

function toolCalls(value: unknown, at: string): ToolCall[] {
  if (!Array.isArray(value))
    throw badRequest(at, `${at}: expected a list, got ${describeValue(value)}`);
  return value.map((call, index) => {
    const where = `${at}[${index}]`;
    const fn = isObject(call) ? call.function : undefined;
    if (
      !isObject(call) ||
      typeof call.id !== "string" ||
      !isObject(fn) ||
      typeof fn.name !== "string"
    ) {
      throw badRequest(
        where,
        `${where}: expected {"id": "call_1", "type": "function", "function": {"name": "…", "arguments": "{}"}}`,
      );
    }
    const args = fn.arguments ?? "{}";
    if (typeof args !== "string") {
      throw badRequest(
        `${where}.function.arguments`,
        `${where}.function.arguments: expected JSON text, got ${describeValue(args)}`,
      );
    }
    return { id: call.id, name: fn.name, arguments: args };
  });
}

function toMessage(
  value: unknown,
  index: number,
  images: { policy: ImageUrlPolicy; found: ImageUrlPart[] },
): ChatMessage {
  const at = `messages[${index}]`;
  if (!isObject(value)) {
    throw badRequest(
      at,
      `${at}: expected a message object, got ${describeValue(value)} (example: {"role": "user", "content": "Hello"})`,
    );
  }
  switch (value.role) {
    case "system":
    case "developer":
      return { role: "system", content: textContent(value.content, `${at}.content`) };
    case "user":
      return { role: "user", content: userParts(value.content, `${at}.content`, images) };
    case "assistant": {
      const content = textContent(value.content, `${at}.content`, true);
      const calls =
        value.tool_calls === undefined || value.tool_calls === null
          ? []
          : toolCalls(value.tool_calls, `${at}.tool_calls`);
      return calls.length > 0
        ? { role: "assistant", content, toolCalls: calls }
        : { role: "assistant", content };
    }
    case "tool": {
      if (typeof value.tool_call_id !== "string") {
        throw badRequest(
          `${at}.tool_call_id`,
          `${at}.tool_call_id: expected the id of the assistant's tool call, got ${describeValue(value.tool_call_id)}`,
        );
      }
      return {
        role: "tool",
        toolCallId: value.tool_call_id,
        content: [{ type: "text", text: textContent(value.content, `${at}.content`) }],
      };
    }
    default:
      throw badRequest(
        `${at}.role`,
        `${at}.role: expected "system", "developer", "user", "assistant" or "tool", got ${JSON.stringify(value.role)}`,
      );
  }
}

function optionalNumber(
  body: Json,
  key: string,
  min: number,
  max: number,
  integer: boolean,
): number | undefined {
  const value = body[key];
  if (value === undefined || value === null) return undefined;
  if (
    typeof value !== "number" ||
    !Number.isFinite(value) ||
    value < min ||
    value > max ||
    (integer && !Number.isInteger(value))
  ) {
    throw badRequest(
      key,
      `${key}: expected ${integer ? "a whole number" : "a number"} from ${min} to ${max}, got ${JSON.stringify(value)}`,
    );
  }
  return value;
}

/**
 * Checks a chat-completions body and converts it for the agent. Fields the agent cannot
 * honour (`tools`, `n` > 1, …) are refused; sampling fields it does not use are ignored.
 * @throws ApiError 400 naming the parameter, what was expected and an example.
 */
export function parseChatRequest(
  body: unknown,
  imageUrls: ImageUrlPolicy = { fetch: false },
): ChatCompletionRequest {
  if (!isObject(body)) {
    throw badRequest(
      null,
      `The body must be a JSON object, got ${describeValue(body)} (example: ${EXAMPLE})`,
    );
  }
  if (typeof body.model !== "string" || body.model === "") {
    throw badRequest(
      "model",
      `model: expected the model id (GET /v1/models lists it), got ${describeValue(body.model)} (example: ${EXAMPLE})`,
      "missing_required_parameter",
    );
  }
  if (!Array.isArray(body.messages) || body.messages.length === 0) {
    throw badRequest(
      "messages",
      `messages: expected a non-empty list of messages, got ${describeValue(body.messages)} (example: ${EXAMPLE})`,
      "missing_required_parameter",
    );
  }
  if (body.stream !== undefined && body.stream !== null && typeof body.stream !== "boolean") {
    throw badRequest(
      "stream",
      `stream: expected true or false, got ${JSON.stringify(body.stream)}`,
    );
  }
  if (body.n !== undefined && body.n !== null && body.n !== 1) {
    throw badRequest(
      "n",
      `n: this agent gives one answer per request; leave n out or set it to 1, got ${JSON.stringify(body.n)}`,
      "unsupported_value",
    );
  }
  for (const key of ["tools", "functions"]) {
    const value = body[key];
    if (value !== undefined && value !== null && !(Array.isArray(value) && value.length === 0)) {
      throw badRequest(
        key,
        `${key}: this endpoint runs the agent's own tools (its MCP servers) and cannot call tools of the client; leave ${key} out`,
        "unsupported_parameter",
      );
    }
  }
  const images = { policy: imageUrls, found: [] as ImageUrlPart[] };
  const messages = body.messages.map((message, index) => toMessage(message, index, images));
  const last = messages[messages.length - 1];
  if (last?.role !== "user") {
    const at = `messages[${messages.length - 1}]`;
    throw badRequest(
      `${at}.role`,
      `${at}: the last message must come from the user (the agent answers it), got role "${last?.role}"`,
    );
  }
  const streamOptions = body.stream_options;
  const maxTokens =
    optionalNumber(body, "max_completion_tokens", 1, Number.MAX_SAFE_INTEGER, true) ??
    optionalNumber(body, "max_tokens", 1, Number.MAX_SAFE_INTEGER, true);
  const temperature = optionalNumber(body, "temperature", 0, 2, false);
  return {
    model: body.model,
    history: messages.slice(0, -1),
    input: last.content,
    stream: body.stream === true,
    includeUsage: isObject(streamOptions) && streamOptions.include_usage === true,
    ...(temperature === undefined ? {} : { temperature }),
    ...(maxTokens === undefined ? {} : { maxTokens }),
    imageUrls: images.found,
  };
}
