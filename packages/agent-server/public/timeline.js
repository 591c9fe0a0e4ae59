// A run's timeline on the chat page (the `timeline` extension chunk), and the page's way of
// writing a duration. Every label is set as text.

import { el } from "./dom.js";

export function duration(ms) {
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
export function timelineBlock(timeline) {
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
