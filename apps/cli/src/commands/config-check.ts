import type { AgentSpec } from "../agent/agent-spec.js";
import { EXIT, type Io } from "../io.js";
import { describePlan, prepareRun } from "../run/prepare-run.js";
import type { RunFlags } from "../run/run-flags.js";

const SECRET_NAME = /key|token|secret|password|passwd|auth|credential|cookie|session/i;
const REDACTED = "***";

function redactMap(map: Record<string, string>, all: boolean): Record<string, string> {
  return Object.fromEntries(
    Object.entries(map).map(([k, v]) => [
      k,
      v !== "" && (all || SECRET_NAME.test(k)) ? REDACTED : v,
    ]),
  );
}

/**
 * The agent as tinyloop will run it, with secrets replaced by `***`: the API key, every
 * header value, and env values whose names look secret (`*KEY*`, `*TOKEN*`, …).
 */
export function redactedAgent(spec: AgentSpec): Record<string, unknown> {
  return {
    format: spec.format,
    ...(spec.path ? { path: spec.path } : {}),
    ...(spec.model ? { model: spec.model } : {}),
    ...(spec.provider ? { provider: spec.provider } : {}),
    ...(spec.endpointUrl ? { endpointUrl: spec.endpointUrl } : {}),
    ...(spec.apiKey ? { apiKey: REDACTED } : {}),
    ...(spec.promptPath
      ? { systemPrompt: { file: spec.promptPath, characters: spec.systemPrompt?.length ?? 0 } }
      : {}),
    ...(spec.maxTurns ? { maxTurns: spec.maxTurns } : {}),
    ...(spec.toolConcurrency ? { toolConcurrency: spec.toolConcurrency } : {}),
    approval: spec.approval ?? "ask",
    servers: spec.servers.map((server) => {
      const t = server.transport;
      const transport =
        t.type === "stdio"
          ? { ...t, env: redactMap(t.env, false) }
          : { ...t, headers: redactMap(t.headers, true) };
      return {
        name: server.name,
        ...transport,
        ...(server.include ? { include: server.include } : {}),
        ...(server.exclude ? { exclude: server.exclude } : {}),
        ...(server.callTimeoutMs ? { callTimeoutMs: server.callTimeoutMs } : {}),
        ...(server.connectTimeoutMs ? { connectTimeoutMs: server.connectTimeoutMs } : {}),
      };
    }),
  };
}

/**
 * `tinyloop config check [AGENT]`: reads and validates the agent (variables expanded,
 * inputs resolved), prints it normalised with secrets redacted. Starts no server.
 * A bad file throws a `CliError`, which the caller turns into exit code 2.
 */
export async function configCheckCommand(
  agentArg: string | undefined,
  flags: Partial<RunFlags>,
  io: Io,
): Promise<number> {
  const { spec, plan } = await prepareRun(agentArg, flags, io);
  const out = { ...redactedAgent(spec), model: describePlan(plan) };
  if (spec.model) Object.assign(out, { modelId: spec.model });
  io.stdout.write(`${JSON.stringify(out, null, 2)}\n`);
  return EXIT.ok;
}
