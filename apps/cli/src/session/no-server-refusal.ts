import { noServerConnected, type SessionStatus, type TextStyle } from "@tinyloop/agent-session";

/**
 * Why `run` and `serve` refuse to start, as the line to print on stderr: the agent
 * configures servers but none connected (an idle lazy server counts as connected: its tools
 * are there and it starts on use), and `--allow-no-servers` was not given. Undefined to go
 * on. The caller exits with `EXIT.runError`.
 */
export function noServerRefusal(
  status: SessionStatus,
  allowNoServers: boolean | undefined,
  style: Pick<TextStyle, "red">,
): string | undefined {
  const noServer = noServerConnected(status);
  if (noServer === undefined || allowNoServers === true) return undefined;
  return `${style.red(`tinyloop: ${noServer}`)}; fix the server, or run with --allow-no-servers to go on without tools\n`;
}
