import { spawn } from "node:child_process";

/**
 * The program that opens a URL on `platform`, unless `$BROWSER` names one; the URL is its
 * last argument. Windows: `rundll32 url.dll,FileProtocolHandler`, never `cmd /c start`,
 * whose parsing would cut a URL at its first `&` and run the rest as a command.
 */
export function browserOpener(
  env: Record<string, string | undefined>,
  platform: NodeJS.Platform = process.platform,
): { command: string; args: string[] } {
  if (env.BROWSER) return { command: env.BROWSER, args: [] };
  if (platform === "darwin") return { command: "open", args: [] };
  if (platform === "win32")
    return { command: "rundll32.exe", args: ["url.dll,FileProtocolHandler"] };
  return { command: "xdg-open", args: [] };
}

/**
 * Prints the login URL on stderr (always: there may be no browser here, e.g. over SSH) and
 * tries to open it with `$BROWSER`, `open`, `rundll32` or `xdg-open`. A missing opener is not
 * an error: the printed URL is enough. The URL carries no secret (PKCE keeps the verifier here).
 */
export function openBrowser(
  url: URL,
  server: string,
  env: Record<string, string | undefined>,
  stderr: { write(text: string): unknown },
): void {
  stderr.write(`To log in to ${server}, open this URL in a browser:\n  ${url.href}\n`);
  const { command, args } = browserOpener(env);
  try {
    const child = spawn(command, [...args, url.href], { detached: true, stdio: "ignore" });
    child.on("error", () => {}); // no browser here: the printed URL is the way
    child.unref();
  } catch {
    // same
  }
}
