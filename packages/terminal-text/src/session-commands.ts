import {
  type AgentSession,
  describeServers,
  plainStyle,
  type TextStyle,
} from "@tinyloop/agent-session";
import { type ReasoningDisplaySetting, reasoningCommand } from "./reasoning-display.js";
import { serverSandboxLines, serverStatusLine } from "./server-lines.js";
import { toolLine } from "./tool-line.js";

/** Options of {@link sessionCommand}. */
export interface SessionCommandOptions {
  /** Marks up the output (server states, tool names, dim details). */
  style?: TextStyle;
  /** What `/help` adds to `/exit leave`: the keys that leave too, e.g. `(also Ctrl+D)`. */
  exitKeys?: string;
  /** Lines `/help` shows below the commands: the program's own keys. */
  helpNotes?: readonly string[];
  /**
   * The program's reasoning display, which `/reasoning show|collapse|hide` changes; without it
   * `/reasoning` is not offered (a program that shows no reasoning).
   */
  reasoning?: ReasoningDisplaySetting;
  /** Columns `/tools` lines may take (a terminal's width); descriptions are cut to fit. */
  width?: number;
  /**
   * The program's drawing of the last answer's run (`/timeline`): its model and tool calls on
   * one time axis. Without it `/timeline` is not offered (a program that draws no timeline).
   */
  timeline?: () => string;
}

/**
 * What a slash command asks of the program: text to show (without a final newline), or to
 * end the conversation.
 */
export type SessionCommandResult =
  | { output: string }
  /** `/results full|short`: the program shows tool results whole or as one line from now on. */
  | { output: string; results: ResultsMode }
  /** `/clear`: the conversation was cleared; a program that saves conversations starts a new one. */
  | { output: string; cleared: true }
  | { exit: true };

/** How tool results are shown: `short` (one line each) or `full` (every line). */
export type ResultsMode = "short" | "full";

/**
 * The commands and what `/help` says of each (`/quit` works too, unlisted, as `/exit`;
 * `/reset`, as `/clear`).
 */
const COMMANDS: ReadonlyArray<readonly [command: string, description: string]> = [
  ["/help", "this list"],
  ["/tools", "the tools the model sees"],
  ["/servers", "each server's state and tool count"],
  ["/results", "full or short: show each tool result whole, or as one line"],
  ["/clear", "start the conversation over"],
  ["/reasoning", "show|collapse|hide the model's reasoning"],
  ["/timeline", "the last answer's model and tool calls on one time axis"],
  ["/exit", "leave"],
];

/**
 * The slash commands of a chat over a session: `/help`, `/tools` ({@link toolListLines}),
 * `/servers` ({@link serverListLines}), `/reasoning show|collapse|hide` (when the program passes
 * its `reasoning` setting), `/results full|short` (the program switches how it shows tool
 * results), `/timeline` (when the program passes its `timeline` drawing), `/clear` or `/reset` (clears the conversation), `/exit` and `/quit`;
 * any other `/word` answers that it is unknown and how to list the commands. Undefined when
 * `line` is not a command (it does not start with `/`): a message for the model.
 *
 * @example
 * const result = sessionCommand(session, line);
 * if (!result) for await (const event of session.agent.run(line)) show(event);
 * else if ("exit" in result) leave();
 * else console.log(result.output);
 */
export function sessionCommand(
  session: AgentSession,
  line: string,
  {
    style = plainStyle,
    exitKeys,
    helpNotes = [],
    reasoning,
    width,
    timeline,
  }: SessionCommandOptions = {},
): SessionCommandResult | undefined {
  const text = line.trim();
  if (!text.startsWith("/")) return undefined;
  const [command, argument] = text.split(/\s+/);
  switch (command) {
    case "/help": {
      const offered = COMMANDS.filter(
        ([name]) => (name !== "/reasoning" || reasoning) && (name !== "/timeline" || timeline),
      );
      const width = Math.max(10, ...offered.map(([name]) => name.length + 1));
      const lines = offered.map(([name, description]) => {
        const words = name === "/exit" && exitKeys ? `${description} ${exitKeys}` : description;
        return `${name.padEnd(width)}${words}`;
      });
      return { output: [...lines, ...helpNotes].join("\n") };
    }
    case "/tools":
      return { output: toolListLines(session, style, width).join("\n") };
    case "/servers":
      return { output: serverListLines(session, style).join("\n") };
    case "/results":
      if (argument === "full" || argument === "short") {
        return {
          output: style.dim(
            argument === "full"
              ? "tool results are shown whole"
              : "tool results are shown as one line",
          ),
          results: argument,
        };
      }
      return {
        output: `/results: expected full or short, got ${argument === undefined ? "nothing" : JSON.stringify(argument)} (example: /results full)`,
      };
    case "/clear":
    case "/reset":
      session.agent.reset();
      return { output: style.dim("conversation cleared"), cleared: true };
    case "/reasoning":
      if (!reasoning) break;
      return { output: style.dim(reasoningCommand(argument, reasoning)) };
    case "/timeline":
      if (!timeline) break;
      return { output: timeline() };
    case "/exit":
    case "/quit":
      return { exit: true };
  }
  return { output: `unknown command ${command}; /help lists them` };
}

/**
 * Lines for `/tools`: every tool the model is offered, grouped by toolset, each as
 * {@link toolLine} shows it (the same line as `tinyloop mcp tools`), cut to `width` columns.
 * An MCP server's group is headed by the server's name, as `/servers` and `mcp tools` name it
 * (`filesystem  14 tools`), not by its toolset (`mcp-filesystem`); tools kept back behind
 * `tool_search` say `[via tool_search]`.
 */
export function toolListLines(
  session: AgentSession,
  style: TextStyle = plainStyle,
  width?: number,
): string[] {
  const lines: string[] = [];
  // Tools kept back behind tool_search are callable, but the model sees them only once found.
  const offered = new Set(session.agent.offeredTools);
  for (const toolset of session.registry.toolsets()) {
    const tools = session.registry.list({ toolsets: [toolset] });
    const server = tools.find((tool) => tool.source)?.source?.server;
    const heading = server ?? `${toolset} (built-in)`;
    lines.push(style.bold(`${heading}  ${tools.length} tools`));
    for (const tool of tools) {
      lines.push(
        toolLine(tool, {
          style,
          held: !offered.has(tool.name),
          ...(tool.source ? { serverTool: tool.source.tool } : {}),
          ...(width ? { width } : {}),
        }),
      );
    }
  }
  return lines.length > 0 ? lines : ["no tools"];
}

/**
 * One line naming every tool the model is offered (`tools (3): mcp_fs_read_file, …`), as a
 * program shows at start under `--verbose`; tools kept back behind `tool_search` are counted apart.
 */
export function offeredToolsLine(session: AgentSession): string {
  const offered = session.agent.offeredTools;
  const held =
    session.registry.list().length - offered.filter((n) => session.registry.has(n)).length;
  const later = held > 0 ? ` (+${held} via tool_search)` : "";
  return `tools (${offered.length})${later}: ${offered.length > 0 ? offered.join(", ") : "none"}`;
}

/**
 * Lines for `/servers`: {@link serverStatusLine} of each server, disabled ones with the reason,
 * a sandboxed one with its policy ({@link serverSandboxLines}).
 */
export function serverListLines(session: AgentSession, style: TextStyle = plainStyle): string[] {
  const servers = describeServers(session.hub, session.registry, session.file.servers);
  const lines = servers.flatMap((server) => [
    serverStatusLine(server, style),
    ...serverSandboxLines(server, style),
  ]);
  return lines.length > 0 ? lines : ["no servers"];
}
