import {
  type AgentServerOptions,
  formatRequestLog,
  type ServerSettings,
} from "@tinyloop/agent-server";
import { type AgentSession, fileChangeLines, sessionTracing } from "@tinyloop/agent-session";
import { CLI_VERSION } from "../cli-version.js";
import type { Io } from "../io.js";
import { otlpSettings } from "../telemetry/otlp-settings.js";
import type { Style } from "../terminal/style.js";
import type { ServeFlags } from "./serve-flags.js";

/**
 * `createAgentServer`'s options for the session: the agent's prompt, turns, concurrency and
 * approval (its `autoApprove` lists included) under the flags (--yes, --allow-tool,
 * --approve-in-page, --allow-image-urls, --mcp), with hints naming them to the model.
 */
export function serveAgentServerOptions(
  session: AgentSession,
  settings: ServerSettings,
  { flags, io, style }: { flags: ServeFlags; io: Io; style: Style },
): AgentServerOptions {
  const agent = session.settings();
  const inPage = flags.approveInPage === true;
  return {
    ...settings,
    ...agent,
    model: session.model,
    registry: session.registry,
    hub: session.hub,
    mcp: flags.mcp === true && { version: CLI_VERSION },
    // Spans only when --otlp or OTEL_EXPORTER_OTLP_* registered an SDK (program.ts).
    tracing: sessionTracing(session.file, {
      captureContent: otlpSettings(flags, io.env)?.captureContent === true,
    }),
    approval: {
      mode: flags.yes ? "never" : agent.approval.mode,
      allow: [...flags.allowTool, ...agent.approval.allow],
      hint: (tool) =>
        `the operator can allow it by restarting \`tinyloop serve\` with --allow-tool ${tool} (or --yes for every tool)${inPage ? "; with --approve-in-page it is asked only in streaming requests, such as the chat page's" : ""}`,
      inPage,
      // The page's question shows a file write's diff against the file, as the REPL's does.
      changeLines: fileChangeLines,
    },
    samplingHint: `the operator can allow it by restarting \`tinyloop serve\` with --yes${flags.mcp ? ", or by calling the agent through /mcp from a client that answers elicitation" : ""}${inPage ? "; with --approve-in-page it is asked in the chat page while the page's request is the only one running" : ""}`,
    fetchImageUrls: flags.allowImageUrls === true,
    imageUrlsHint:
      "the operator can allow them by restarting `tinyloop serve` with --allow-image-urls",
    onRequest: flags.verbose
      ? (log) => io.stderr.write(style.dim(`${formatRequestLog(log)}\n`))
      : undefined,
  };
}
