import { InvalidArgumentError, Option } from "commander";

/** commander's value parser of a repeatable option: each use adds its value to the list. */
export const collect = (value: string, previous: string[]) => [...previous, value];

/**
 * commander's value parser of a whole number of at least `min`; anything else is refused
 * with the value given (`expected a whole number of at least 1, got "zero"`).
 */
export function wholeNumber(min: number): (value: string) => number {
  return (value) => {
    const n = Number(value);
    if (!Number.isInteger(n) || n < min)
      throw new InvalidArgumentError(`expected a whole number of at least ${min}, got "${value}"`);
    return n;
  };
}

/**
 * commander's value parser of an http(s) URL flag (`--endpoint-url`): anything else is
 * refused with the value given and the form to use, `http://` put before a value without a
 * scheme (`127.0.0.1:18001` → `http://127.0.0.1:18001`).
 */
export function httpUrl(flag: string, example: string): (value: string) => string {
  return (value) => {
    let protocol: string | undefined;
    try {
      protocol = new URL(value).protocol;
    } catch {}
    if (protocol === "http:" || protocol === "https:") return value;
    const suggested = value.includes("://") || value.trim() === "" ? example : `http://${value}`;
    throw new InvalidArgumentError(
      `expected an http(s) URL, got "${value}" (example: ${flag} ${suggested})`,
    );
  };
}

/** `--tool-search auto|always|never`, the same option on `run` and `serve` (other values are refused with the choices). */
export function toolSearchOption(): Option {
  return new Option(
    "--tool-search <mode>",
    "keep tools back behind tool_search: auto (when their schemas are large), always, never",
  ).choices(["auto", "always", "never"]);
}

/**
 * `--end-when text|two-texts`, the same option on `run` and `serve` (other values are refused
 * with the choices); beats the agent file's `endWhen`.
 */
export function endWhenOption(): Option {
  return new Option(
    "--end-when <mode>",
    "when a run ends: text (the first answer without tool calls), two-texts (only after two in a row, as Tiny Agents; default for a tiny-agents agent.json)",
  ).choices(["text", "two-texts"]);
}

/**
 * `--tool-format <format>`, the same option on `run` and `serve`. Its value is checked when
 * the run is prepared (`prepareRun`, with agent-files' `readSettingOverrides`), so that this
 * module, on the path of `--help`, loads no format list.
 */
export function toolFormatOption(): Option {
  return new Option(
    "--tool-format <format>",
    "how tool calls travel: auto (default: native tools, calls written as text when the server refuses them), native, or a text format such as hermes, pythonic, mistral, llama3, deepseek, gpt-oss (the agent file's toolCallFormat)",
  );
}

/**
 * `--reasoning <level>`, the same option on `run` and `serve`: `low`, `medium`, `high` or a
 * number of reasoning tokens. Checked when the run is prepared (`prepareRun`, with
 * agent-files' `readSettingOverrides`), so that this module, on the path of `--help`, loads none.
 */
export function reasoningOption(): Option {
  return new Option(
    "--reasoning <level>",
    "ask the model to reason: low, medium, high, or a budget in tokens such as 4096 (the agent file's reasoning; mapped per provider, a warning where unsupported)",
  );
}

/**
 * `--allow-no-servers`, the same option on `run` and `serve` (the decision it changes is
 * agent-session's `refuseNoServers`, passed by session/open-session.ts, which loads
 * agent-session: this module is on the path of `--help` and `config check` and must stay light).
 */
export function allowNoServersOption(): Option {
  return new Option(
    "--allow-no-servers",
    "go on when every configured server failed to start (otherwise exit 1)",
  );
}

/**
 * `--from CLIENT|all`, on the commands that read an agent: the servers of an MCP client's
 * configs in their standard places. The name is checked when the agent is read (against
 * agent-files' client list), so that this module, on the path of `--help`, loads no list.
 */
export function fromOption(): Option {
  return new Option(
    "--from <client>",
    "use the MCP servers of a client's configs instead of an agent: cursor, claude-code, claude-desktop, vscode, windsurf, … (tinyloop config list shows what is found), or all",
  );
}
