import type { AgentFile } from "@tinyloop/agent-files";
import { unknownProviderProblem } from "@tinyloop/agent-files/providers";
import { expectedGot } from "@tinyloop/errors";
import { CliError } from "../cli-error.js";

/**
 * Refuses a provider tinyloop does not know (`--provider opnai`, `PROVIDER=opnai`, a file's
 * `provider` left as `${…}` by `config check`) with a "did you mean", instead of sending it to
 * the Hugging Face router. A file's own literal `provider` is checked where it is read, with
 * its line. Beside an endpoint URL (or a cassette) any name is taken: it only labels that server.
 */
export function checkProviderName(
  spec: AgentFile,
  flags: { provider?: string; endpointUrl?: string; cassette?: string },
  fromEnvironment: boolean,
): void {
  const provider = flags.provider ?? spec.provider;
  if (provider === undefined || provider.includes("${")) return;
  if ((flags.endpointUrl ?? spec.endpointUrl ?? flags.cassette) !== undefined) return;
  const problem = unknownProviderProblem(provider);
  if (!problem) return;
  const path =
    flags.provider !== undefined ? "--provider" : fromEnvironment ? "PROVIDER" : "provider";
  throw new CliError({
    code: "USAGE",
    message: `${expectedGot({ path, expected: problem.expected, got: provider })}${problem.suggestion ? `; did you mean ${problem.suggestion}?` : ""}`,
  });
}
