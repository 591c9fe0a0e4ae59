// One assistant answer on the chat page: its reasoning (collapsed), its markdown text, its
// tool calls as cards with their results, the questions asked during it and its timeline.
// Markdown is rendered safely (markdown.js); everything else is only ever set as text.

import { approvalBox, samplingBox } from "./approval.js";
import { el } from "./dom.js";
import { elicitationBox } from "./elicitation-form.js";
import { renderMarkdown } from "./markdown.js";
import { duration, timelineBlock } from "./timeline.js";

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

/**
 * One assistant answer: text pieces and tool cards in the order they happened, in `body` (its
 * message's element). `answerSender(id)` makes the `send` of a question box for question `id`.
 */
export class Answer {
  constructor(body, answerSender) {
    this.body = body;
    this.answerSender = answerSender;
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
        send: this.answerSender(event.id),
        onApprovedEdit: (args) => entry?.ranWith(args),
      }),
    );
  }

  /** One of the agent's MCP servers asks to use the agent's model: Allow / Deny (approval.js). */
  samplingRequest(event) {
    this.textNode = undefined;
    this.body.append(samplingBox(event, { send: this.answerSender(event.id) }));
  }

  /** One of the agent's MCP servers asks a form: its fields, Submit / Decline / Cancel (elicitation-form.js). */
  elicitationRequest(event) {
    this.textNode = undefined;
    this.body.append(elicitationBox(event, { send: this.answerSender(event.id) }));
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
