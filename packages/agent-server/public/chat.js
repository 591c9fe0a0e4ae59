// The tinyloop chat page: plain ES module, no build step. It talks to the same server's
// OpenAI-compatible API with the key from the link (#key=…) or the key dialog, streams
// answers, shows the model's reasoning (`reasoning_content`) collapsed above its answer,
// the agent's tool calls from the `tinyloop` extension chunks, and each answer's run as a
// timeline (collapsed below it). The answer's text is markdown, rendered safely (markdown.js);
// everything else from the model and the tools (tool names, arguments, results, reasoning,
// timeline labels) is only ever set as text.

import { Answer } from "./answer.js";
import { el } from "./dom.js";

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
  const answer = new Answer(addMessage("assistant"), answerSender);
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
