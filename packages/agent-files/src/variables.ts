// biome-ignore-all lint/suspicious/noTemplateCurlyInString: ${VAR} placeholders are the config syntax
import { formatKeyPath } from "@tinyloop/errors";
import { listVariables } from "@tinyloop/mcp-transport/config";
import type { AgentFileInput } from "./agent-file.js";
import { AgentFileError } from "./agent-file-error.js";
import type { ConfigPath } from "./config-path.js";
import type { ProblemList } from "./problem-list.js";
import { expandByRule, TINYLOOP_RULE, type VariableRule } from "./variable-rule.js";

/** Answers an input: its value, or undefined when nobody can answer (no terminal). */
export type InputAnswer = (
  input: AgentFileInput,
) => string | undefined | Promise<string | undefined>;

/** One string of the file that may hold `${…}`, with where it sits. */
export interface TextSlot {
  path: ConfigPath;
  get(): string;
  set(value: string): void;
}

/** The environment variable an input falls back to: `github-token` → `GITHUB_TOKEN`. */
export function inputVariableName(id: string): string {
  return id.toUpperCase().replace(/[^A-Z0-9_]/g, "_");
}

/**
 * Gives a value to every input that `slots` use: a value in the `answer` map, else its
 * environment variable (`${input:github-token}` ← `GITHUB_TOKEN`; set but empty counts), else
 * the `answer` function (a person on a terminal), else its default; an optional input may
 * stay empty. Throws `INPUT_MISSING` listing every input nobody answered.
 */
export async function resolveInputs(
  slots: readonly TextSlot[],
  declared: readonly AgentFileInput[],
  {
    file,
    env,
    answer,
    located,
  }: {
    file: string;
    env: Record<string, string | undefined>;
    answer?: Record<string, string> | InputAnswer;
    located: (path: ConfigPath) => { line?: number; column?: number; excerpt?: string };
  },
): Promise<Map<string, string>> {
  const byId = new Map(declared.map((i) => [i.id, i]));
  const values = new Map<string, string>();
  const unanswered: string[] = [];
  for (const slot of slots) {
    for (const { reference } of listVariables(slot.get())) {
      if (!reference.startsWith("input:")) continue;
      const id = reference.slice("input:".length);
      if (values.has(id) || unanswered.includes(id)) continue;
      const input = byId.get(id);
      if (!input) {
        throw new AgentFileError({
          code: "INVALID",
          file,
          path: slot.path,
          ...located(slot.path),
          problem: `uses \${input:${id}} but "inputs" declares no input with id "${id}"`,
          example: `"inputs": [{ "type": "promptString", "id": "${id}", "description": "…", "password": true }]`,
        });
      }
      // An explicit value first, then the environment, then a person (who may answer empty).
      let value = typeof answer === "object" && Object.hasOwn(answer, id) ? answer[id] : undefined;
      value ??= env[inputVariableName(id)];
      if (value === undefined && typeof answer === "function") value = await answer(input);
      value ??= input.default ?? (input.optional ? "" : undefined);
      if (value === undefined) unanswered.push(id);
      else values.set(id, value);
    }
  }
  if (unanswered.length > 0) {
    const list = unanswered.map((id) => {
      const input = byId.get(id);
      return `  ${id}${input?.description ? ` (${input.description})` : ""}: set ${inputVariableName(id)}=…`;
    });
    throw new AgentFileError({
      code: "INPUT_MISSING",
      file,
      problem: `needs ${unanswered.length > 1 ? "these inputs" : "an input"} and nobody can answer here (no terminal):\n${list.join("\n")}`,
    });
  }
  return values;
}

/**
 * Expands the variables of every slot by the format's `rule` ({@link VariableRule}; default
 * tinyloop's: `${VAR}`, `${VAR:-default}`, `${env:VAR}`, `${input:ID}` and the VS Code names
 * (`${workspaceFolder}`, `${userHome}`), with the transport's one expander).
 * Every unset variable and where each is used go to `problems` as one `VARIABLE_UNSET`;
 * returns the slots left holding one (still as written).
 */
export function expandSlots(
  slots: readonly TextSlot[],
  {
    file,
    lookup,
    warn,
    problems,
    rule = TINYLOOP_RULE,
  }: {
    file: string;
    /** The value of a reference (`HOME`, `input:token`); Gemini's rule asks plain names only. */
    lookup: (reference: string) => string | undefined;
    rule?: VariableRule;
    /** Told about `${…}` that is no reference at all (`${not a name}`): it stays as written. */
    warn?: (path: ConfigPath, message: string) => void;
    problems: ProblemList;
  },
): TextSlot[] {
  const missing: Array<{ name: string; where: string }> = [];
  const unset: TextSlot[] = [];
  for (const slot of slots) {
    if (!slot.get().includes("$")) continue;
    if (rule.kind === "tinyloop") warnNonReferences(slot, warn);
    const expanded = expandByRule(slot.get(), rule, lookup);
    for (const whole of expanded.missing)
      missing.push({ name: whole.slice(2, -1), where: formatKeyPath(slot.path) });
    if (expanded.missing.length > 0) unset.push(slot);
    slot.set(expanded.value);
  }
  if (missing.length === 0) return unset;
  const names = [...new Set(missing.map((m) => m.name))];
  const lines = missing.map((m) => `  ${m.where}: \${${m.name}}`);
  problems.add(
    new AgentFileError({
      code: "VARIABLE_UNSET",
      file,
      problem: `${names.length > 1 ? `${names.length} variables are` : "a variable is"} not set (${names.join(", ")}):\n${lines.join("\n")}\nSet ${names.length > 1 ? "them" : "it"} (an empty value counts as set), or give a default: \${NAME:-default}`,
    }),
  );
  return unset;
}

/** Warns about each `${…}` of `slot` that is no reference at all (`${not a name}`). */
function warnNonReferences(
  slot: TextSlot,
  warn: ((path: ConfigPath, message: string) => void) | undefined,
): void {
  const known = new Set(listVariables(slot.get()).map((v) => v.reference));
  for (const [whole, body = ""] of slot.get().matchAll(/\$\{([^}]*)\}/g)) {
    const name = body.split(":-")[0] ?? "";
    if (!known.has(name))
      warn?.(
        slot.path,
        `${whole} is not a variable reference (a name is letters, digits and _, as in \${HOME}, \${PORT:-8080} or \${input:api-key}); it is kept as written`,
      );
  }
}
