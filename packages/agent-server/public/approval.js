// A tool call that waits for the person's yes in the chat page (`serve --approve-in-page`):
// the whole call, each argument in full (a long or many-line value folded under a line that
// opens it), the diff of a file write, and Approve / Deny / Always allow / Edit arguments.
// An edit is sent to the server, which checks it against the tool's input schema: a bad one
// is shown with the server's reason and nothing changes; a good one replaces the arguments
// (and diff) shown, so what a later Approve runs is what the box shows. A sampling request of
// one of the agent's MCP servers is asked in a box of its own: Allow / Deny. Text only, never HTML.

import { el } from "./dom.js";

/** Longer values than this, or of more than one line, are folded under a line that opens them. */
const FOLD_CHARS = 160;

/**
 * The arguments of a call, each in full: `name` and its value; a long or many-line value as
 * its first line and a "show all" that opens the rest. Text only, never HTML.
 */
function argumentList(text) {
  let value;
  try {
    value = JSON.parse(text);
  } catch {
    value = undefined;
  }
  const entries =
    value && typeof value === "object" && !Array.isArray(value)
      ? Object.entries(value).map(([key, v]) => [
          key,
          typeof v === "string" ? v : JSON.stringify(v, null, 2),
        ])
      : [["arguments", text]];
  const list = el("dl", { class: "approval-args", "data-testid": "approval-args" });
  for (const [key, shown] of entries) {
    const lines = shown.split("\n");
    const long = lines.length > 1 || shown.length > FOLD_CHARS;
    list.append(
      el("dt", { textContent: key }),
      el(
        "dd",
        {},
        long
          ? el(
              "details",
              { class: "folded", "data-testid": "folded-value" },
              el("summary", {
                textContent: `${lines[0].slice(0, FOLD_CHARS)}… (${lines.length} lines, ${shown.length} characters: show all)`,
              }),
              el("pre", { "data-testid": "full-value", textContent: shown }),
            )
          : el("pre", { textContent: shown }),
      ),
    );
  }
  return list;
}

/** A line of a change's diff: its kind, for the colour (the text is shown as it is). */
function diffLineKind(line, index) {
  if (index === 0) return "diff-header";
  if (line.startsWith("@@")) return "diff-hunk";
  if (line.startsWith("+")) return "diff-added";
  if (line.startsWith("-")) return "diff-removed";
  return "diff-context";
}

/**
 * What a call would change (`diff` of its approval question: a header naming the file, then a
 * unified diff against the file now), every line as text.
 */
function diffBlock(lines) {
  return el(
    "pre",
    { class: "approval-diff", "data-testid": "approval-diff" },
    ...lines.map((line, index) =>
      el("span", {
        class: diffLineKind(line, index),
        "data-testid": "diff-line",
        textContent: `${line}\n`,
      }),
    ),
  );
}

function prettyJson(text) {
  try {
    return JSON.stringify(JSON.parse(text), null, 2);
  } catch {
    return text;
  }
}

function setButtons(buttons, enabled) {
  for (const button of buttons.querySelectorAll("button")) button.disabled = !enabled;
}

/**
 * Sends `decision` with `send`; once the server took it, shows `words` and marks the box
 * answered, else shows why it was not sent and lets the person answer again. Resolves whether
 * it was taken.
 */
async function sendDecision({ box, buttons, answer }, send, decision, words) {
  setButtons(buttons, false);
  try {
    await send({ decision });
    answer.textContent = words;
    box.classList.add("answered", decision);
    return true;
  } catch (error) {
    answer.textContent = `Not sent: ${error.message}`;
    setButtons(buttons, true);
    return false;
  }
}

/**
 * The box of a sampling request (`sampling_request`): which server asks to use the agent's
 * model, the question as the server put it, Allow / Deny. `send(body)` as for `approvalBox`.
 */
export function samplingBox(event, { send }) {
  const buttons = el("div", { class: "approval-buttons" });
  const answer = el("p", { class: "approval-answer", "data-testid": "approval-answer" });
  const box = el(
    "section",
    { class: "approval sampling", "data-testid": "sampling-approval" },
    el(
      "h4",
      {},
      el("span", { textContent: "Allow the MCP server " }),
      el("code", { textContent: event.server }),
      el("span", { textContent: " to use the agent's model?" }),
    ),
    el("p", { "data-testid": "sampling-question", textContent: event.message }),
    buttons,
    answer,
  );
  for (const [decision, label, words] of [
    ["approve", "Allow", "Allowed: the agent's model answers the server."],
    ["deny", "Deny", "Denied."],
  ]) {
    buttons.append(
      el("button", {
        type: "button",
        class: decision,
        "data-testid": `sampling-${decision}`,
        textContent: label,
        onclick: () => sendDecision({ box, buttons, answer }, send, decision, words),
      }),
    );
  }
  return box;
}

/**
 * The question's box. `send(body)` posts an answer to the server and resolves its answer, or
 * rejects with the server's reason for refusing it; `onApprovedEdit(arguments)` is told the
 * arguments an approved edit runs with.
 */
export function approvalBox(event, { send, onApprovedEdit }) {
  let args = event.arguments;
  let edited = false;
  const title = el("span", { textContent: " to run with these arguments?" });
  const shown = el("div", {}, argumentList(args), event.diff ? diffBlock(event.diff) : null);
  const buttons = el("div", { class: "approval-buttons" });
  const answer = el("p", { class: "approval-answer", "data-testid": "approval-answer" });
  const editor = el("div", { class: "approval-edit", hidden: true });
  const box = el(
    "section",
    { class: "approval", "data-testid": "approval" },
    el(
      "h4",
      {},
      el("span", { textContent: "Allow " }),
      el("code", { textContent: event.name }),
      title,
    ),
    shown,
    editor,
    buttons,
    answer,
  );
  const decide = async (decision, words) => {
    const taken = await sendDecision({ box, buttons, answer }, send, decision, words);
    if (taken && edited && decision !== "deny") onApprovedEdit(args);
  };

  const openEditor = () => {
    const text = el("textarea", {
      class: "approval-edit-text",
      "data-testid": "approval-edit-text",
      spellcheck: false,
      rows: Math.min(20, prettyJson(args).split("\n").length + 1),
      value: prettyJson(args),
    });
    text.setAttribute("aria-label", `arguments of ${event.name} as JSON`);
    const problem = el("pre", {
      class: "approval-edit-error",
      "data-testid": "approval-edit-error",
      hidden: true,
    });
    const close = () => {
      editor.hidden = true;
      editor.replaceChildren();
      setButtons(buttons, true);
    };
    const apply = async () => {
      use.disabled = true;
      try {
        const taken = await send({ decision: "edit", arguments: text.value });
        args = taken.arguments;
        edited = true;
        title.textContent = " to run with your edited arguments?";
        box.classList.add("edited");
        shown.replaceChildren(argumentList(args), taken.diff ? diffBlock(taken.diff) : null);
        close();
      } catch (error) {
        problem.textContent = error.message;
        problem.hidden = false;
        use.disabled = false;
      }
    };
    const use = el("button", {
      type: "button",
      "data-testid": "approval-edit-apply",
      textContent: "Use these arguments",
      onclick: apply,
    });
    const cancel = el("button", {
      type: "button",
      class: "link",
      "data-testid": "approval-edit-cancel",
      textContent: "Cancel",
      onclick: close,
    });
    editor.replaceChildren(
      el("label", { textContent: "Arguments as JSON (checked against the tool's input schema):" }),
      text,
      problem,
      el("div", { class: "approval-buttons" }, use, cancel),
    );
    editor.hidden = false;
    // While editing, only the edit's own buttons answer: nothing runs half-edited.
    setButtons(buttons, false);
    text.focus();
  };

  for (const [decision, label, words, onclick] of [
    ["approve", "Approve", "Approved."],
    ["deny", "Deny", "Denied."],
    [
      "always",
      `Always allow ${event.name}`,
      `Approved; ${event.name} runs without asking from now on.`,
    ],
    ["edit", "Edit arguments", undefined, () => openEditor()],
  ]) {
    buttons.append(
      el("button", {
        type: "button",
        class: decision,
        "data-testid": `approval-${decision}`,
        textContent: label,
        onclick: onclick ?? (() => decide(decision, words)),
      }),
    );
  }
  return box;
}
