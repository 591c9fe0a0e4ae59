import { describeProviderPlan, redactAgent, serverSandboxPolicy } from "@tinyloop/agent-files";
import { EXIT, type Io } from "../io.js";
import { prepareRun } from "../run/prepare-run.js";
import type { RunFlags } from "../run/run-flags.js";

/**
 * `tinyloop config check [AGENT]`: reads and checks the agent (variables expanded, inputs
 * resolved except the model's, cwd folders and commands looked up), prints warnings to stderr
 * and the agent normalised with secrets redacted to stdout. Starts no server.
 * A bad file throws an `AgentFileError`, which the caller turns into exit code 2.
 */
export async function configCheckCommand(
  agentArg: string | undefined,
  flags: Partial<RunFlags>,
  io: Io,
): Promise<number> {
  const { spec, plan } = await prepareRun(agentArg, flags, io, { check: true });
  const redacted = redactAgent(spec);
  // Each stdio server's sandbox as it would run from here: its policy, or false (unconfined).
  const servers = (redacted.servers as Record<string, unknown>[]).map((server, index) => {
    const sandbox = spec.servers[index] && serverSandboxPolicy(spec.servers[index], io.cwd);
    return sandbox === undefined ? server : { ...server, sandboxPolicy: sandbox };
  });
  const out = { ...redacted, servers, model: describeProviderPlan(plan) };
  if (spec.model) Object.assign(out, { modelId: spec.model });
  io.stdout.write(`${JSON.stringify(out, null, 2)}\n`);
  return EXIT.ok;
}
