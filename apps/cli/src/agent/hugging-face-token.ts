import { type AgentFileServer, withHuggingFaceToken } from "@tinyloop/agent-files";
import type { Io } from "../io.js";

/**
 * agent-files' `withHuggingFaceToken` for the servers a command starts (the file's and
 * `--url`'s), saying on stderr which servers are given `HF_TOKEN`, since a token leaves the machine.
 */
export function giveHuggingFaceToken(
  servers: readonly AgentFileServer[],
  io: Io,
): AgentFileServer[] {
  const { servers: result, given } = withHuggingFaceToken(servers, io.env);
  for (const name of given) {
    io.stderr.write(
      `tinyloop: server ${name}: HF_TOKEN is sent as its bearer token (a huggingface.co or *.hf.space server with no Authorization header)\n`,
    );
  }
  return result;
}
