import { toolCallProblem, visibleControls } from "@tinyloop/agent-session";
import { rateLimitedLog } from "@tinyloop/mcp-transport";
import { parseToolArguments, type ToolProgress, toolResultText } from "@tinyloop/registry";
import { eventLine } from "@tinyloop/terminal-text";
import { CliError } from "../cli-error.js";
import { EXIT, type Io } from "../io.js";
import type { Lifecycle } from "../lifecycle.js";
import { styleFor } from "../terminal/style.js";
import { connectAgentServers, type ServerFlags } from "./mcp-tools.js";

/**
 * `tinyloop mcp call TOOL --args JSON`: connects the agent's servers and calls one tool
 * by its registered name, showing its progress reports on stderr as they come. Exit 0, 1
 * when the result is an error, 2 for an unknown tool or arguments that break its schema —
 * said for a person, with a name or `--args` that would work, not in the model's wording.
 */
export async function mcpCallCommand(
  tool: string,
  agentArg: string | undefined,
  flags: ServerFlags & { args?: string },
  io: Io,
  lifecycle: Lifecycle,
): Promise<number> {
  // The registry's own parsing, so --args is read as a model's arguments would be (an object
  // is required); a mistake is a usage error here rather than an error result.
  const args = parseToolArguments(flags.args, tool);
  if (!args.ok) throw new CliError({ code: "USAGE", message: `--args: ${args.message}` });
  const style = styleFor(io.stdout, flags, io.env);
  const errStyle = styleFor(io.stderr, flags, io.env);
  const { registry } = await connectAgentServers(agentArg, flags, io, lifecycle, { style });
  const problem = toolCallProblem(registry, tool, args.value, {
    argsSetting: "--args",
    listTools: "tinyloop mcp tools AGENT lists them, under the names mcp call takes",
  });
  if (problem) throw new CliError({ code: "USAGE", message: problem });
  // Progress reports of a long call, cut to 5 of a kind per 5 s like --verbose lines.
  const progressLines = rateLimitedLog((line) => io.stderr.write(`${line}\n`));
  lifecycle.addLastWords(() => progressLines.flush());
  const onProgress = (report: ToolProgress) => {
    const call = { id: "mcp-call", name: tool, arguments: "" };
    const line = eventLine(
      { type: "tool-progress", turn: 0, call, ...report },
      { style: errStyle, verbose: true },
    );
    if (line) progressLines(line);
  };
  const result = await registry.dispatch(tool, args.value, {
    onProgress,
    signal: lifecycle.signal,
  });
  progressLines.flush();
  if (flags.json) io.stdout.write(`${JSON.stringify(result, null, 2)}\n`);
  else {
    // Media with their sizes, structured content indented: a person reads it.
    const text = visibleControls(toolResultText(result, { sizes: true, indent: 2 }));
    if (result.isError) io.stderr.write(`${errStyle.red("error:")} ${text}\n`);
    else io.stdout.write(text.endsWith("\n") ? text : `${text}\n`);
  }
  return result.isError ? EXIT.runError : EXIT.ok;
}
