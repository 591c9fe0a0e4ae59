import type { Command } from "commander";
import { addApprovalOptions } from "../approval-options.js";
import type { Io } from "../io.js";
import type { Lifecycle } from "../lifecycle.js";
import { addModelOptions, cassetteOption, maxTurnsOption } from "../model-options.js";
import {
  allowNoServersOption,
  endWhenOption,
  toolFormatOption,
  toolSearchOption,
} from "../option-values.js";
import { addServerOptions } from "../server-options.js";
import type { McpServeFlags } from "./mcp-serve.js";

/** Adds `tinyloop mcp serve` under `mcp`. */
export function registerMcpServeCommand(
  mcp: Command,
  io: Io,
  lifecycle: Lifecycle,
  result: { code: number },
): void {
  const serve = mcp
    .command("serve")
    .description("run the agent as an MCP server on stdio: one tool, ask_<agent>")
    .argument("[agent]", "agent folder or file (as for run)")
    .option("--tool-name <name>", "the tool's name (default: ask_ and the agent's name)")
    .option("--description <text>", "the tool's description (default: from the agent's prompt)")
    .option(
      "--keep-context",
      "one conversation per MCP session: each call sees the session's earlier tasks and answers",
    );
  addApprovalOptions(serve, "run every tool call (the MCP client is not asked)");
  addModelOptions(serve)
    .addOption(cassetteOption())
    .addOption(maxTurnsOption("tool call"))
    .addOption(toolSearchOption())
    .addOption(endWhenOption())
    .addOption(toolFormatOption())
    .addOption(allowNoServersOption());
  addServerOptions(serve)
    .addHelpText(
      "after",
      `\nIn an MCP client's config: "command": "tinyloop", "args": ["mcp", "serve", "./researcher"].
Each call of the tool ({ "task": "…", "context": "…" }) is a fresh run of the agent; its own MCP
servers start once and serve every call. stdout carries only the protocol; messages go to stderr.
Tools that need approval are refused unless --yes or --allow-tool names them; the model is told why.`,
    )
    .action(async (agent: string | undefined, flags: McpServeFlags) => {
      const { mcpServeCommand } = await import("./mcp-serve.js");
      result.code = await mcpServeCommand(agent, flags, io, lifecycle);
    });
}
