// A form one of the agent's MCP servers asks while the page's run is the only one
// (`serve --approve-in-page`, an `elicitation_request`): each field of the requested schema as
// a control — text (email, URL or date input where the schema gives that format), number or
// whole number (with its range), yes/no, one choice (plain, titled or legacy `enumNames`
// choices) or several (checkboxes) — with its title, description, default and whether it is
// required; then Submit, Decline, Cancel. The server checks the answer against the schema: a
// bad one is shown with the server's reasons and the form stays open. Text only, never HTML.

import { el } from "./dom.js";

/** The input type of a text field's `format` (others, such as date-time, stay free text). */
const FORMAT_INPUTS = { email: "email", uri: "url", date: "date" };

/** A field's choices as `[value, label]`: plain, titled (`oneOf` / `anyOf`) or `enumNames`. */
function choicesOf(field) {
  const source = field.type === "array" ? (field.items ?? {}) : field;
  const titled = source.oneOf ?? source.anyOf;
  if (Array.isArray(titled))
    return titled.map((option) => [String(option.const), String(option.title ?? option.const)]);
  if (Array.isArray(source.enum))
    return source.enum.map((value, i) => [String(value), String(field.enumNames?.[i] ?? value)]);
  return undefined;
}

/** What a field's limits say, as a short hint (`1 to 100`, `choose 1 to 3`), or "". */
function limitsOf(field) {
  if (field.type === "array") {
    const { minItems: min, maxItems: max } = field;
    if (min !== undefined && max !== undefined) return `choose ${min} to ${max}`;
    if (min !== undefined) return `choose at least ${min}`;
    if (max !== undefined) return `choose at most ${max}`;
    return "choose any";
  }
  const low = field.minimum ?? field.minLength;
  const high = field.maximum ?? field.maxLength;
  const unit = field.type === "string" ? " characters" : "";
  if (low !== undefined && high !== undefined) return `${low} to ${high}${unit}`;
  if (low !== undefined) return `at least ${low}${unit}`;
  if (high !== undefined) return `at most ${high}${unit}`;
  return "";
}

/**
 * One field's control and how to read its value back: `read()` gives the value to send, or
 * `undefined` to leave the field out (an empty optional field).
 */
function control(name, field, id) {
  const choices = choicesOf(field);
  if (field.type === "array") {
    const picked = new Set((field.default ?? []).map(String));
    const boxes = (choices ?? []).map(([value, label]) => {
      const box = el("input", { type: "checkbox", value, checked: picked.has(value) });
      box.setAttribute("data-testid", `form-choice-${name}-${value}`);
      return [box, el("label", { class: "form-choice" }, box, el("span", { textContent: label }))];
    });
    return {
      node: el("div", { class: "form-choices", id }, ...boxes.map(([, label]) => label)),
      read: () => {
        const values = boxes.filter(([box]) => box.checked).map(([box]) => box.value);
        return values.length > 0 ? values : undefined;
      },
    };
  }
  if (choices) {
    const select = el(
      "select",
      { id },
      el("option", { value: "", textContent: "— choose —" }),
      ...choices.map(([value, label]) => el("option", { value, textContent: label })),
    );
    select.value = field.default === undefined ? "" : String(field.default);
    return { node: select, read: () => (select.value === "" ? undefined : select.value) };
  }
  if (field.type === "boolean") {
    const box = el("input", { type: "checkbox", id, checked: field.default === true });
    // A yes/no is always answered: unticked is "no".
    return { node: box, read: () => box.checked };
  }
  if (field.type === "number" || field.type === "integer") {
    const input = el("input", {
      type: "number",
      id,
      step: field.type === "integer" ? "1" : "any",
      value: field.default === undefined ? "" : String(field.default),
    });
    if (field.minimum !== undefined) input.min = String(field.minimum);
    if (field.maximum !== undefined) input.max = String(field.maximum);
    // Sent as typed (a number, or the text when it is not one) so the server names what is wrong.
    return {
      node: input,
      read: () => {
        const text = input.value.trim();
        if (text === "") return input.validity.badInput ? "not a number" : undefined;
        const number = Number(text);
        return Number.isNaN(number) ? text : number;
      },
    };
  }
  const input = el("input", {
    type: FORMAT_INPUTS[field.format] ?? "text",
    id,
    value: field.default === undefined ? "" : String(field.default),
  });
  return { node: input, read: () => (input.value === "" ? undefined : input.value) };
}

/**
 * The box of a server's form (`elicitation_request`): which server asks, its message, the
 * fields, Submit / Decline / Cancel. `send(body)` posts the answer to the server and resolves
 * its answer, or rejects with the server's reason for refusing it.
 */
export function elicitationBox(event, { send }) {
  const schema = event.requested_schema ?? {};
  const required = new Set(Array.isArray(schema.required) ? schema.required : []);
  const fields = Object.entries(schema.properties ?? {}).map(([name, field], index) => {
    const id = `form-${event.id}-${index}`;
    const { node, read } = control(name, field ?? {}, id);
    node.setAttribute("data-testid", `form-field-${name}`);
    const hint = [required.has(name) ? "required" : "optional", limitsOf(field ?? {})]
      .filter(Boolean)
      .join(", ");
    const label = el(
      "label",
      { htmlFor: id, class: "form-label" },
      el("span", { textContent: String(field?.title ?? name) }),
      el("span", { class: "form-hint", textContent: ` (${hint})` }),
    );
    const description = field?.description
      ? el("p", { class: "form-description", textContent: String(field.description) })
      : null;
    return { name, read, node: el("div", { class: "form-field" }, label, description, node) };
  });

  const buttons = el("div", { class: "approval-buttons" });
  const problem = el("pre", {
    class: "approval-edit-error",
    "data-testid": "form-error",
    hidden: true,
  });
  const answer = el("p", { class: "approval-answer", "data-testid": "approval-answer" });
  const form = el(
    "form",
    { class: "elicitation-fields", noValidate: true },
    ...fields.map((field) => field.node),
  );
  const box = el(
    "section",
    { class: "approval elicitation", "data-testid": "elicitation" },
    el(
      "h4",
      {},
      el("span", { textContent: "The MCP server " }),
      el("code", { textContent: event.server }),
      el("span", { textContent: " asks:" }),
    ),
    el("p", { "data-testid": "elicitation-message", textContent: event.message }),
    form,
    problem,
    buttons,
    answer,
  );

  const setEnabled = (enabled) => {
    for (const button of buttons.querySelectorAll("button")) button.disabled = !enabled;
    for (const input of form.querySelectorAll("input, select")) input.disabled = !enabled;
  };
  const decide = async (decision, words) => {
    const body = { decision };
    if (decision === "accept") {
      body.content = {};
      for (const field of fields) {
        const value = field.read();
        if (value !== undefined) body.content[field.name] = value;
      }
    }
    setEnabled(false);
    try {
      await send(body);
      problem.hidden = true;
      answer.textContent = words;
      box.classList.add("answered", decision);
    } catch (error) {
      // The form still waits: show why and let the person fix it or answer otherwise.
      problem.textContent = error.message;
      problem.hidden = false;
      setEnabled(true);
    }
  };
  form.addEventListener("submit", (submitted) => {
    submitted.preventDefault();
    void decide("accept", "Sent.");
  });
  for (const [decision, label, words] of [
    ["accept", "Submit", "Sent."],
    ["decline", "Decline", "Declined: the server was told you would rather not answer."],
    ["cancel", "Cancel", "Cancelled."],
  ]) {
    buttons.append(
      el("button", {
        type: "button",
        class: decision === "decline" ? "deny" : decision === "cancel" ? "link" : "approve",
        "data-testid": `form-${decision}`,
        textContent: label,
        onclick: () => decide(decision, words),
      }),
    );
  }
  return box;
}
