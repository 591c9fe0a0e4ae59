// The tinyloop chat page: plain ES module, no build step. It talks to the same server's
// OpenAI-compatible API with the key from the link (#key=…) or the key dialog, streams
// answers, shows the model's reasoning (`reasoning_content`) collapsed above its answer,
// the agent's tool calls from the `tinyloop` extension chunks, and each answer's run as a
// timeline (collapsed below it). The answer's text is markdown, rendered safely (markdown.js);
// everything else from the model and the tools (tool names, arguments, results, reasoning,
// timeline labels) is only ever set as text.

import { approvalBox, samplingBox } from "./approval.js";
import { el } from "./dom.js";
import { elicitationBox } from "./elicitation-form.js";
import { renderMarkdown } from "./markdown.js";

const KEY_STORAGE = "tinyloop-serve-key";
const $ = (id) => document.getElementById(id);

const state = {
  key: takeKeyFromLink() ?? sessionStorage.getItem(KEY_STORAGE) ?? "",
  model: undefined,
  /** The conversation sent with each request: user and assistant texts. */
  history: [],
  running: undefined,
};

function takeKeyFromLink() {
  const match = /(?:^#|&)key=([^&]+)/.exec(location.hash);
  if (!match) return undefined;
  const key = decodeURIComponent(match[1]);
  sessionStorage.setItem(KEY_STORAGE, key);
  // Keep the key out of the address bar and the history.
  history.replaceState(null, "", location.pathname + location.search);
  return key;
}

class KeyNeeded extends Error {}

async function api(path, init = {}) {
  const response = await fetch(path, {
    ...init,
    headers: { ...init.headers, authorization: `Bearer ${state.key}` },
  });
  if (response.status === 401) throw new KeyNeeded();
  return response;
}

/**
 * `send(body)` of a question's box: posts the page's answer to question `id` and resolves the
 * server's answer; rejects with the server's own reason when it refused (a 400 names what is
 * wrong), so every box shows the same text.
 */
function answerSender(id) {
  return async (body) => {
    const response = await api(`/tinyloop/v1/approvals/${encodeURIComponent(id)}`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(body),
    });
    const answer = await response.json().catch(() => ({}));
    if (!response.ok)
      throw new Error(answer.error?.message ?? `the server answered ${response.status}`);
    return answer;
  };
}

function askForKey(message) {
  const dialog = $("key-dialog");
  $("key-error").hidden = !message;
  $("key-error").textContent = message ?? "";
  if (!dialog.open) dialog.showModal();
  $("key-input").focus();
}

$("key-form").addEventListener("submit", () => {
  state.key = $("key-input").value.trim();
  sessionStorage.setItem(KEY_STORAGE, state.key);
  void start();
});

// ---- servers and tools panel -------------------------------------------------------

async function loadPanel() {
  const response = await api("/tinyloop/v1/tools");
  const info = await response.json();
  state.model = info.model;
  $("model-name").textContent = info.model;
  const servers = $("servers");
  servers.replaceChildren(
    ...info.servers.map((server) =>
      el(
        "li",
        {
          class: `server ${server.state}${server.usable ? " usable" : ""}`,
          "data-testid": "server",
          title: server.last_error ?? "",
        },
        el("span", { class: "dot" }),
        el("span", { class: "name", textContent: server.name }),
        el("span", { class: "meta", textContent: `${server.state} · ${server.tools} tools` }),
      ),
    ),
  );
  if (info.servers.length === 0)
    servers.append(el("li", { class: "meta", textContent: "no MCP servers" }));
  // `usable` is the server's one rule (ready, or idle: lazy, started on first use).
  const usable = info.servers.filter((server) => server.usable).length;
  $("health").textContent = `${usable}/${info.servers.length} servers connected`;
  $("health").className = `health ${usable === info.servers.length ? "ok" : "degraded"}`;
  $("tool-count").textContent = String(info.tools.length);
  $("tools").replaceChildren(
    ...info.tools.map((tool) =>
      el(
        "li",
        { class: "tool-entry", "data-testid": "tool", title: tool.description },
        el("code", { textContent: tool.name }),
        tool.needs_approval && !tool.allowed
          ? el("span", { class: "badge refused", textContent: "needs approval: refused" })
          : null,
        el("span", { class: "meta", textContent: tool.description.split("\n")[0] }),
      ),
    ),
  );
}

// ---- conversation ------------------------------------------------------------------

function addMessage(role) {
  $("empty").hidden = true;
  const body = el("div", { class: "body" });
  const item = el("li", { class: `message ${role}`, "data-testid": `message-${role}` }, body);
  $("messages").append(item);
  return body;
}

function scrollDown() {
  const list = $("messages");
  list.scrollTop = list.scrollHeight;
}

function prettyArguments(text) {
  try {
    return JSON.stringify(JSON.parse(text), null, 2);
  } catch {
    return text;
  }
}

function shortArguments(text) {
  const flat = text.replace(/\s+/g, " ");
  return flat.length > 60 ? `${flat.slice(0, 59)}…` : flat;
}

function duration(ms) {
  return ms < 1000 ? `${ms} ms` : `${(ms / 1000).toFixed(1)} s`;
}

function count(n) {
  return n < 1000 ? String(n) : `${(n / 1000).toFixed(n < 10_000 ? 1 : 0).replace(/\.0$/, "")}k`;
}

const FAILED = {
  error: "failed",
  unavailable: "unknown tool",
  denied: "denied",
  cancelled: "cancelled",
};

/** What a timeline row says beside its duration: a model call's tokens, a failure's outcome. */
function timelineNote(bar) {
  if (bar.status !== "ok") return `✗ ${FAILED[bar.status] ?? bar.status}`;
  if (bar.kind === "model" && bar.usage)
    return `${count(bar.usage.inputTokens)} in · ${count(bar.usage.outputTokens)} out`;
  return "";
}

/**
 * A run's timeline (agent-loop's RunTimeline, from the `timeline` extension chunk): one row
 * per model call and tool call, each a bar placed on the run's time axis in percent, so
 * parallel calls overlap. Collapsed until opened.
 */
function timelineBlock(timeline) {
  const total = timeline.durationMs;
  const rows = timeline.bars.map((bar) => {
    const fill = el("span", {
      class: `tl-bar ${bar.kind} ${bar.status}`,
      "data-testid": "timeline-bar",
    });
    fill.style.left = `${total > 0 ? (bar.startMs / total) * 100 : 0}%`;
    fill.style.width = `${total > 0 ? Math.max((bar.durationMs / total) * 100, 0.5) : 100}%`;
    return el(
      "li",
      { class: `tl-row ${bar.kind} ${bar.status}`, "data-testid": "timeline-row" },
      el("span", { class: "tl-name", "data-testid": "timeline-name", textContent: bar.label }),
      el("span", { class: "tl-time", textContent: duration(Math.round(bar.durationMs)) }),
      el("span", { class: "tl-note", textContent: timelineNote(bar) }),
      el("span", { class: "tl-track" }, fill),
    );
  });
  const turns = timeline.turns === 1 ? "1 turn" : `${timeline.turns} turns`;
  const usage = timeline.usage;
  const tokens =
    usage && usage.inputTokens + usage.outputTokens > 0
      ? ` · ${count(usage.inputTokens)} in · ${count(usage.outputTokens)} out`
      : "";
  const failures = timeline.bars.filter((bar) => bar.status !== "ok").length;
  return el(
    "details",
    { class: "timeline", "data-testid": "timeline" },
    el(
      "summary",
      {},
      el("span", { textContent: "Timeline" }),
      el("span", {
        class: "timeline-size",
        "data-testid": "timeline-summary",
        textContent: `${duration(Math.round(total))} · ${turns}${tokens}${failures ? ` · ${failures} failed` : ""}`,
      }),
    ),
    el("ol", { class: "tl-rows" }, ...rows),
  );
}

/** One assistant answer: text pieces and tool cards in the order they happened. */
class Answer {
  constructor() {
    this.body = addMessage("assistant");
    this.text = "";
    this.textNode = undefined;
    this.reasoningNode = undefined;
    this.cards = new Map();
  }

  /**
   * The model's reasoning, in a collapsed block above the text it leads to: one block per
   * stretch of reasoning (normally one per turn), opened by a click, text only.
   */
  appendReasoning(piece) {
    if (!this.reasoningNode) {
      // The server puts a blank line between the reasoning of two turns; a new block needs none.
      piece = piece.replace(/^\n+/, "");
      if (!piece) return;
      this.textNode = undefined; // the answer after the reasoning starts below it
      this.reasoningNode = el("pre", { class: "reasoning-text", "data-testid": "reasoning-text" });
      this.reasoningSize = el("span", { class: "reasoning-size" });
      this.body.append(
        el(
          "details",
          { class: "reasoning", "data-testid": "reasoning" },
          el("summary", {}, el("span", { textContent: "Thinking" }), this.reasoningSize),
          this.reasoningNode,
        ),
      );
    }
    this.reasoningNode.textContent += piece;
    this.reasoningSize.textContent = `${this.reasoningNode.textContent.length} chars`;
  }

  appendText(piece) {
    this.text += piece;
    this.reasoningNode = undefined; // reasoning after this text is a new block
    if (!this.textNode) {
      // A new block (after a tool call) needs no blank line the server put between turns.
      piece = piece.replace(/^\n+/, "");
      if (!piece) return;
      this.textNode = el("div", { class: "text markdown", "data-testid": "answer-text" });
      this.markdown = "";
      this.body.append(this.textNode);
    }
    // The whole block again as it grows, so markdown split across pieces renders whole.
    this.markdown += piece;
    this.textNode.replaceChildren(renderMarkdown(this.markdown));
  }

  toolCall(event) {
    this.textNode = undefined; // text after the call starts a new paragraph below it
    this.reasoningNode = undefined;
    const status = el("span", { class: "status running", textContent: "running" });
    const time = el("span", { class: "time" });
    const result = el("pre", { class: "result", "data-testid": "tool-result", textContent: "…" });
    const argsShort = el("span", {
      class: "args-short",
      textContent: shortArguments(event.arguments),
    });
    const argsHeading = el("h4", { textContent: "Arguments" });
    const args = el("pre", {
      class: "args",
      "data-testid": "tool-args",
      textContent: prettyArguments(event.arguments),
    });
    const card = el(
      "details",
      { class: "tool-call", "data-testid": "tool-call" },
      el(
        "summary",
        {},
        status,
        el("code", { class: "name", "data-testid": "tool-name", textContent: event.name }),
        argsShort,
        time,
      ),
      argsHeading,
      args,
      el("h4", { textContent: "Result" }),
      result,
    );
    this.body.append(card);
    // The arguments the call ran with, when the person edited them before approving.
    const ranWith = (text) => {
      argsShort.textContent = shortArguments(text);
      argsHeading.textContent = "Arguments (edited before approval)";
      args.textContent = prettyArguments(text);
    };
    this.cards.set(event.id, { card, status, time, result, ranWith, started: performance.now() });
  }

  /**
   * A call that waits for the person's yes (`serve --approve-in-page`): the question's box
   * (approval.js). An edit the server took shows in the call's card once approved.
   */
  approvalRequest(event) {
    const entry = this.cards.get(event.tool_call_id);
    if (entry) entry.status.textContent = "waiting for approval";
    this.textNode = undefined;
    this.body.append(
      approvalBox(event, {
        send: answerSender(event.id),
        onApprovedEdit: (args) => entry?.ranWith(args),
      }),
    );
  }

  /** One of the agent's MCP servers asks to use the agent's model: Allow / Deny (approval.js). */
  samplingRequest(event) {
    this.textNode = undefined;
    this.body.append(samplingBox(event, { send: answerSender(event.id) }));
  }

  /** One of the agent's MCP servers asks a form: its fields, Submit / Decline / Cancel (elicitation-form.js). */
  elicitationRequest(event) {
    this.textNode = undefined;
    this.body.append(elicitationBox(event, { send: answerSender(event.id) }));
  }

  toolProgress(event) {
    const entry = this.cards.get(event.id);
    if (!entry) return;
    const total = event.total ? `/${event.total}` : "";
    entry.status.textContent = `${event.progress}${total}${event.message ? ` ${event.message}` : ""}`;
  }

  toolResult(event) {
    const entry = this.cards.get(event.id);
    if (!entry) return;
    entry.status.className = `status ${event.outcome}`;
    entry.status.textContent = event.outcome;
    entry.time.textContent = duration(event.duration_ms);
    entry.time.dataset.testid = "tool-duration";
    entry.result.textContent = event.result + (event.truncated ? "\n… (cut by the server)" : "");
    entry.card.classList.add("settled");
    entry.settled = true;
  }

  stopped(why) {
    for (const entry of this.cards.values()) {
      if (entry.settled) continue;
      entry.status.className = "status cancelled";
      entry.status.textContent = "cancelled";
      entry.time.textContent = duration(Math.round(performance.now() - entry.started));
    }
    this.note(why, "notice");
  }

  /**
   * The run ended: a question box nobody answered (approval, sampling, form) can no longer be
   * answered, so its controls go off and its answer line says so, instead of a click meeting
   * the server's "no such question".
   */
  closeQuestions() {
    for (const box of this.body.querySelectorAll("section.approval:not(.answered)")) {
      for (const control of box.querySelectorAll("button, input, select, textarea"))
        control.disabled = true;
      box.classList.add("answered");
      const line = box.querySelector(".approval-answer");
      if (line) line.textContent = "The run ended before this was answered.";
    }
  }

  note(text, kind) {
    this.body.append(el("p", { class: kind, "data-testid": kind, textContent: text }));
  }

  timeline(timeline) {
    this.textNode = undefined;
    this.reasoningNode = undefined;
    this.timelineNode = timelineBlock(timeline);
    this.body.append(this.timelineNode);
  }
}

async function* sseEvents(response, signal) {
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  let buffer = "";
  try {
    for (;;) {
      const { value, done } = await reader.read();
      if (done) return;
      buffer += decoder.decode(value, { stream: true });
      let end = buffer.indexOf("\n\n");
      while (end >= 0) {
        const lines = buffer
          .slice(0, end)
          .split("\n")
          .filter((line) => line.startsWith("data:"));
        buffer = buffer.slice(end + 2);
        end = buffer.indexOf("\n\n");
        if (lines.length === 0) continue;
        const data = lines.map((line) => line.slice(5).trimStart()).join("\n");
        if (data === "[DONE]") return;
        yield JSON.parse(data);
      }
    }
  } finally {
    if (signal.aborted) reader.cancel().catch(() => {});
  }
}

function setRunning(controller) {
  state.running = controller;
  $("send").hidden = Boolean(controller);
  $("stop").hidden = !controller;
  $("prompt").disabled = Boolean(controller);
  if (!controller) $("prompt").focus();
}

async function send(text) {
  const user = addMessage("user");
  user.append(el("p", { class: "text", textContent: text }));
  state.history.push({ role: "user", content: text });
  const answer = new Answer();
  const controller = new AbortController();
  setRunning(controller);
  scrollDown();
  try {
    const response = await api("/v1/chat/completions", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ model: state.model, messages: state.history, stream: true }),
      signal: controller.signal,
    });
    if (!response.ok) {
      const body = await response.json().catch(() => ({}));
      answer.note(body.error?.message ?? `The server answered ${response.status}.`, "error");
      return;
    }
    for await (const chunk of sseEvents(response, controller.signal)) {
      if (chunk.error) {
        answer.note(chunk.error.message, "error");
        continue;
      }
      const thought = chunk.choices?.[0]?.delta?.reasoning_content;
      if (thought) answer.appendReasoning(thought);
      const piece = chunk.choices?.[0]?.delta?.content;
      if (piece) answer.appendText(piece);
      const event = chunk.tinyloop;
      if (event?.type === "tool_call") answer.toolCall(event);
      if (event?.type === "approval_request") answer.approvalRequest(event);
      if (event?.type === "sampling_request") answer.samplingRequest(event);
      if (event?.type === "elicitation_request") answer.elicitationRequest(event);
      if (event?.type === "tool_progress") answer.toolProgress(event);
      if (event?.type === "tool_result") answer.toolResult(event);
      if (event?.type === "timeline") answer.timeline(event.timeline);
      if (event?.type === "done" && event.reason === "max-turns")
        answer.note("The agent used all its turns without finishing.", "notice");
      scrollDown();
    }
  } catch (error) {
    if (error instanceof KeyNeeded) {
      answer.note("The server refused the key.", "error");
      askForKey("The server refused this key; paste the one tinyloop serve printed.");
    } else if (controller.signal.aborted) {
      answer.stopped("Stopped.");
    } else {
      answer.note(`Connection failed: ${error.message}`, "error");
    }
  } finally {
    if (answer.text) state.history.push({ role: "assistant", content: answer.text });
    answer.closeQuestions();
    setRunning(undefined);
    scrollDown();
  }
}

$("composer").addEventListener("submit", (event) => {
  event.preventDefault();
  const text = $("prompt").value.trim();
  if (!text || state.running) return;
  $("prompt").value = "";
  void send(text);
});

$("prompt").addEventListener("keydown", (event) => {
  if (event.key === "Enter" && !event.shiftKey && !event.isComposing) {
    event.preventDefault();
    $("composer").requestSubmit();
  }
});

$("stop").addEventListener("click", () => state.running?.abort());

$("new-chat").addEventListener("click", () => {
  state.running?.abort();
  state.history = [];
  $("messages").replaceChildren();
  $("empty").hidden = false;
});

async function start() {
  if (!state.key) return askForKey();
  try {
    await loadPanel();
    document.body.dataset.ready = "true";
  } catch (error) {
    if (error instanceof KeyNeeded)
      askForKey(state.key ? "The server refused this key." : undefined);
    else $("health").textContent = `cannot reach the server: ${error.message}`;
  }
}

void start();
