import { homedir } from "node:os";
import { basename, dirname, resolve, sep } from "node:path";
import { describeValue, formatKeyPath, valueAt } from "@tinyloop/errors";
import { configSecrets, listVariables } from "@tinyloop/mcp-transport/config";
import type { AgentFile, AgentFileWarning } from "./agent-file.js";
import { locateFile, nameOf, readPrompt, readText, workspaceOf } from "./agent-location.js";
import type { FormatResult } from "./agent-settings.js";
import { buildServers } from "./build-servers.js";
import type { ConfigPath } from "./config-path.js";
import { defaultEndWhen } from "./default-end-when.js";
import { isMap, syntaxOf } from "./detect-format.js";
import { FILE_EXAMPLES } from "./formats/examples.js";
import { readServerMap } from "./formats/server-map.js";
import type { KeyWarning } from "./key-warnings.js";
import { parseJsonc } from "./parse-jsonc.js";
import type { ParsedDocument } from "./parsed-document.js";
import { ProblemList, readEach } from "./problem-list.js";
import { unknownProviderProblem } from "./provider-names.js";
import { readFormat } from "./read-format.js";
import type { EntryHints } from "./read-server-entry.js";
import { isSecretWordName } from "./redact-agent.js";
import { invalidAt } from "./schema-error.js";
import type { ServerDraft } from "./server-draft.js";
import { modelSlots, serverSlots } from "./text-slots.js";
import { TINYLOOP_RULE } from "./variable-rule.js";
import { expandSlots, type InputAnswer, resolveInputs } from "./variables.js";

/** Variable that holds the folder of the agent file, usable as `${TINYLOOP_AGENT_DIR}`. */
export const AGENT_DIR_VARIABLE = "TINYLOOP_AGENT_DIR";

/** Options of {@link readAgentFile}. */
export interface ReadAgentFileOptions {
  /** Variables for `${VAR}` and for inputs' fallbacks. Default: `process.env`. */
  env?: Record<string, string | undefined>;
  /**
   * Values of `${input:ID}`: a map by id, or a function that asks a person (called only for
   * inputs the map and the environment do not answer; may return `""`).
   */
  inputs?: Record<string, string> | InputAnswer;
  /** Called once per warning as it is found (they are also in the result's `warnings`). */
  onWarning?: (warning: AgentFileWarning) => void;
  /** Base for a relative `path`. Default: `process.cwd()`. */
  cwd?: string;
  /**
   * `false` leaves `model`, `provider`, `endpointUrl` and `apiKey` as written and asks no input
   * used only there (for tools that start servers but no model: `mcp tools`, `config check`).
   * Default `true`.
   */
  expandModel?: boolean;
  /**
   * Where the servers are, as a key path, when not where the format puts them: an
   * `mcpServers`-shaped map anywhere in a JSON file, such as Claude Code's per-folder servers
   * in `~/.claude.json` (`["projects", "/work/app", "mcpServers"]`; `findClientConfigs` gives it).
   */
  serversAt?: ConfigPath;
  /**
   * What the warnings about server entries tell the user in the caller's terms (a CLI names
   * its commands; see `EntryHints`). Default: the library's own texts alone.
   */
  hints?: EntryHints;
}

/** What {@link loadAgentFile} keeps for later checks. */
export interface LoadedAgentFile {
  agent: AgentFile;
  doc: ParsedDocument;
  /** Where each server's fields sit, by server name, in the file's own keys (Goose's `cmd`). */
  fieldPaths: ReadonlyMap<string, ServerDraft["fieldPaths"]>;
}

/**
 * Reads an agent or MCP config file unchanged: a tiny-agents folder or `agent.json` (with
 * `AGENTS.md` / `PROMPT.md`), an `mcpServers` file (Claude Desktop, Cursor, Cline, Claude Code,
 * Windsurf), a VS Code `.vscode/mcp.json` / Cursor `servers` file, or a Hermes YAML config.
 * JSON may have comments and trailing commas. Every `${…}` is expanded; unknown keys only warn.
 * @throws AgentFileError with the file, line:column or key path, what was expected and an example.
 */
export async function readAgentFile(
  path: string,
  options: ReadAgentFileOptions = {},
): Promise<AgentFile> {
  return (await loadAgentFile(path, options)).agent;
}

/** {@link readAgentFile}, also returning the parsed document (for {@link checkAgentFile}). */
export async function loadAgentFile(
  target: string,
  options: ReadAgentFileOptions = {},
): Promise<LoadedAgentFile> {
  const env = options.env ?? process.env;
  const { file, folder } = locateFile(resolve(options.cwd ?? process.cwd(), target), target);
  const text = readText(file);
  const syntax = syntaxOf(file, text);
  // The YAML and TOML parsers load only for such files; most agents are JSON.
  const doc =
    syntax === "yaml"
      ? (await import("./parse-yaml.js")).parseYamlText(file, text)
      : syntax === "toml"
        ? (await import("./parse-toml.js")).parseTomlText(file, text)
        : parseJsonc(file, text);
  const warnings: AgentFileWarning[] = [];
  const addWarning = (
    message: string,
    path?: ConfigPath,
    position = path && doc.locate(path, { key: true }),
  ) => {
    const at = position ? `:${position.line}:${position.column}` : "";
    const where = path && path.length > 0 ? `${formatKeyPath(path)}: ` : "";
    const warning: AgentFileWarning = {
      file,
      ...(path && path.length > 0 ? { path: formatKeyPath(path) } : {}),
      ...(position ?? {}),
      message,
      text: `${file}${at}: warning: ${where}${message}`,
    };
    warnings.push(warning);
    options.onWarning?.(warning);
  };
  for (const w of doc.warnings) addWarning(w.message, undefined, w.position);
  const warn = (w: KeyWarning) => addWarning(w.message, w.path);

  // Every problem of every kind, said at once: each part's schema problems, then inputs,
  // unset variables, the provider's name and what the servers' configs make of the rest.
  const problems = new ProblemList();
  const result = problems.collect(() =>
    options.serversAt
      ? readServersAt(doc, warn, options.serversAt, problems, options.hints)
      : readFormat(syntax, { doc, warn, env, hints: options.hints, problems }),
  );
  // A file that is no format at all (or not an object) has nothing more to check.
  if (result === undefined) throw thrownProblems(problems);
  const workspace = workspaceOf(file);
  const slots = [
    ...(options.expandModel === false ? [] : modelSlots(result)),
    ...result.servers.flatMap(serverSlots),
  ];
  const located = (p: ConfigPath) => {
    const position = doc.locate(p);
    return position ? { ...position, excerpt: doc.source.excerpt(position) } : {};
  };
  // Each format's variables by its own client's rule (Gemini's `$VAR`, Codex's none…).
  const rule = result.variables ?? TINYLOOP_RULE;
  const inputValues =
    (await problems.collectAsync(() =>
      resolveInputs(rule.kind === "tinyloop" ? slots : [], result.inputs, {
        file,
        env,
        ...(options.inputs ? { answer: options.inputs } : {}),
        located,
      }),
    )) ?? new Map<string, string>();
  // An answer given for a password input is a secret wherever the file's text is shown.
  doc.source.hideSecrets(
    configSecrets({
      env: Object.fromEntries(
        result.inputs
          .filter((input) => input.password || isSecretWordName(input.id))
          .flatMap((input) => {
            const value = inputValues.get(input.id);
            return value === undefined ? [] : [[input.id, value]];
          }),
      ),
    }),
  );
  const agentDir = dirname(file);
  // Slots using an input nobody answered: resolveInputs said so; nothing more to say of them.
  const unanswered = slots.filter(
    (slot) =>
      rule.kind === "tinyloop" &&
      listVariables(slot.get()).some(
        (v) => v.reference.startsWith("input:") && !inputValues.has(v.reference.slice(6)),
      ),
  );
  const unset = expandSlots(slots, {
    file,
    problems,
    rule,
    warn: (path, message) => addWarning(message, path, doc.locate(path)),
    lookup: (reference) => {
      // Gemini's and the literal rules name plain variables; Hermes's asks `env:NAME` or Cursor's names.
      if (rule.kind !== "tinyloop" && rule.kind !== "hermes") return env[reference];
      // resolveInputs answers every input used, or said which it could not: never twice.
      if (reference.startsWith("input:")) return inputValues.get(reference.slice(6)) ?? "";
      if (reference.startsWith("env:")) return env[reference.slice(4)];
      if (reference === "workspaceFolder") return workspace;
      if (reference === "workspaceFolderBasename") return basename(workspace);
      if (reference === "userHome") return env.HOME ?? homedir();
      if (reference === "pathSeparator") return sep;
      if (reference === AGENT_DIR_VARIABLE) return env[reference] ?? agentDir;
      return reference.includes(":") ? undefined : env[reference];
    },
  });

  problems.collect(() => checkProviderName(doc, result));
  // A server still holding an unset `${…}` is not checked further: its problem is said.
  const unsetPaths = new Set([...unanswered, ...unset].map((slot) => formatKeyPath(slot.path)));
  const servers = readEach(
    result.servers.filter(
      (draft) => !serverSlots(draft).some((slot) => unsetPaths.has(formatKeyPath(slot.path))),
    ),
    (draft) => buildServers([draft], { doc, workspace })[0],
    problems,
  );
  problems.throwAll();

  const agent: AgentFile = {
    format: result.format,
    file,
    name: result.name ?? nameOf(file, result.format),
    ...result.settings,
    endWhen: result.settings.endWhen ?? defaultEndWhen(result.format),
    servers,
    inputs: result.inputs,
    warnings,
  };
  if (result.format === "tiny-agents") {
    const prompt = readPrompt(folder ?? dirname(file));
    if (prompt) Object.assign(agent, prompt);
  }
  const fieldPaths = new Map(result.servers.map((draft) => [draft.name, draft.fieldPaths]));
  return { agent, doc, fieldPaths };
}

/** The `mcpServers`-shaped map at `serversAt` (Claude Code's per-folder servers). */
function readServersAt(
  doc: ParsedDocument,
  warn: (w: KeyWarning) => void,
  serversAt: ConfigPath,
  problems: ProblemList,
  hints?: EntryHints,
): FormatResult {
  const map = valueAt(doc.value, serversAt);
  if (!isMap(map)) {
    throw invalidAt(doc, serversAt, {
      expected: "a map of servers (name → { command, args } or { url })",
      received: describeValue(map),
      example: FILE_EXAMPLES["mcp-servers"],
    });
  }
  return readServerMap(doc, { format: "mcp-servers", at: serversAt }, warn, problems, hints);
}

/** The error of every problem kept (there is at least one when a reading stopped). */
function thrownProblems(problems: ProblemList): unknown {
  try {
    problems.throwAll();
  } catch (error) {
    return error;
  }
  return new Error("unreachable: a reading stopped without a problem");
}

/**
 * An unknown `provider` (`opnai`) is an error at its key with a "did you mean", never a silent
 * trip to the Hugging Face router. A value still holding `${…}` (not expanded) is left alone,
 * and so is any name beside an `endpointUrl`, where it only labels that server.
 */
function checkProviderName(doc: ParsedDocument, result: FormatResult): void {
  const provider = result.settings.provider;
  if (provider === undefined || provider.includes("${") || result.settings.endpointUrl) return;
  const problem = unknownProviderProblem(provider);
  if (!problem) return;
  throw invalidAt(doc, result.settingPaths.provider ?? ["provider"], {
    expected: problem.expected,
    received: `${describeValue(provider)}${problem.suggestion ? `; did you mean ${problem.suggestion}?` : ""}`,
    example: `"provider": "${problem.suggestion ?? "openai"}"`,
  });
}
