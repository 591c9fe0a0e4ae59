import { pathToFileURL } from "node:url";
import type { ChatModel } from "@tinyloop/inference-adapters";
import type { ClientFeatureOptions, McpRoot, McpServerLog } from "@tinyloop/mcp-transport";
import type { AskApproval } from "../terminal/approval.js";
import { askElicitation } from "../terminal/elicitation-form.js";
import { oneLine } from "../terminal/summarize.js";
import { sampleWithModel } from "./sample-with-model.js";

/**
 * The roots offered to servers: the working folder when the agent is the default one (its
 * filesystem server works there already). Agent files get none: servers such as
 * server-filesystem replace their configured directories with the client's roots, so
 * offering a folder would widen a sandbox the file chose (examples/offline-demo limits its
 * server to `scratch/`). Undefined means the roots capability is not declared.
 */
export function agentRoots(cwd: string, format: string): McpRoot[] | undefined {
  if (format !== "default") return undefined;
  return [{ uri: pathToFileURL(cwd).href, name: cwd }];
}

/**
 * What the CLI offers servers besides tools: elicitation forms and sampling approvals asked
 * through `ask()` (the REPL's prompt, or a terminal question in one-shot; undefined without
 * a terminal: forms are declined and sampling refused), sampling answered by the agent's
 * model (`yes`: without asking), the agent's folders as roots, and server log lines.
 */
export function cliClientFeatures({
  model,
  ask,
  yes,
  roots,
  onServerLog,
}: {
  model: ChatModel;
  /** Read at each request: the REPL installs its asker after the servers connected. */
  ask: () => AskApproval | undefined;
  yes: boolean;
  roots: McpRoot[] | undefined;
  onServerLog: (log: McpServerLog) => void;
}): ClientFeatureOptions {
  return {
    ...(roots ? { roots } : {}),
    onServerLog,
    onElicit: (request, { server, signal }) => askElicitation(server, request, ask(), signal),
    onSample: async (request, { server, signal }) => {
      if (!yes) {
        const asker = ask();
        if (!asker) {
          throw new Error(
            `sampling needs the user's approval and nobody can answer here; run tinyloop with --yes to allow it`,
          );
        }
        const last = request.messages.at(-1)?.content;
        const text = last && !Array.isArray(last) && last.type === "text" ? last.text : "";
        const answer = await asker(
          `server ${server} asks the model (up to ${request.maxTokens} tokens): "${oneLine(text, 60)}" — allow? [y]es / [n]o: `,
          signal,
        );
        if (!/^(y|yes)$/i.test(answer?.trim() ?? "")) {
          throw new Error("the user declined the sampling request");
        }
      }
      return sampleWithModel(model, request, signal);
    },
  };
}

/** One line for a server's log message: `server NAME [level] logger: data`. */
export function serverLogLine(log: McpServerLog): string {
  const data = typeof log.data === "string" ? log.data : JSON.stringify(log.data);
  return `server ${log.server} [${log.level}]${log.logger ? ` ${log.logger}` : ""}: ${oneLine(data ?? "", 200)}`;
}
