import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";

/** A loopback HTTP listener that receives the authorization server's redirect. */
export interface LoopbackCallback {
  /** `http://127.0.0.1:PORT/callback`. */
  readonly redirectUrl: string;
  readonly port: number;
  /**
   * Resolves with the code of the first redirect whose `state` matches; rejects on an error
   * redirect, or when `check` (given the redirect's query, e.g. to compare its `iss`) throws.
   */
  code(
    state: string,
    timeoutMs: number,
    signal?: AbortSignal,
    check?: (query: URLSearchParams) => void,
  ): Promise<string>;
  close(): Promise<void>;
}

const PAGE = (title: string, text: string) =>
  `<!doctype html><meta charset="utf-8"><title>${title}</title><p>${text}</p>`;

/**
 * Listens on 127.0.0.1:`port` (0: any free port) for `GET /callback?code=…&state=…`.
 * Rejects with a clear message when the port is taken.
 */
export async function listenForCallback(port: number): Promise<LoopbackCallback> {
  /** Takes a redirect; false when it ended the login with an error. */
  let deliver: ((query: URLSearchParams) => boolean) | undefined;
  const server: Server = createServer((request, response) => {
    const url = new URL(request.url ?? "/", "http://127.0.0.1");
    if (url.pathname !== "/callback") {
      response.writeHead(404).end();
      return;
    }
    const failed = deliver?.(url.searchParams) === false;
    response.writeHead(failed ? 400 : 200, { "content-type": "text/html; charset=utf-8" });
    response.end(
      failed
        ? PAGE(
            "Login failed",
            "The login failed. You can close this window and check the terminal.",
          )
        : PAGE("Logged in", "Logged in. You can close this window and go back to the terminal."),
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", (error: NodeJS.ErrnoException) =>
      reject(
        new Error(
          error.code === "EADDRINUSE"
            ? `the OAuth callback port ${port} is in use; free it or set oauth.callbackPort to another port`
            : `could not listen for the OAuth callback: ${error.message}`,
        ),
      ),
    );
    server.listen(port, "127.0.0.1", () => resolve());
  });
  const actual = (server.address() as AddressInfo).port;
  return {
    port: actual,
    redirectUrl: `http://127.0.0.1:${actual}/callback`,
    code(state, timeoutMs, signal, check) {
      return new Promise<string>((resolve, reject) => {
        const timer = setTimeout(
          () => finish(new Error(`no login within ${Math.round(timeoutMs / 1000)} s`)),
          timeoutMs,
        );
        const onAbort = () => finish(new Error("the login was cancelled"));
        signal?.addEventListener("abort", onAbort, { once: true });
        function finish(error: Error | undefined, code?: string) {
          clearTimeout(timer);
          signal?.removeEventListener("abort", onAbort);
          deliver = undefined;
          if (error) reject(error);
          else resolve(code as string);
        }
        deliver = (query) => {
          if (query.get("state") !== state) return true; // not our request (or forged): keep waiting
          const error = query.get("error");
          if (error) {
            const description = query.get("error_description");
            finish(
              new Error(
                `the authorization server refused: ${error}${description ? ` (${description})` : ""}`,
              ),
            );
            return false;
          }
          const code = query.get("code");
          if (!code) {
            finish(new Error("the authorization server redirected without a code"));
            return false;
          }
          try {
            check?.(query);
          } catch (failure) {
            finish(failure as Error);
            return false;
          }
          finish(undefined, code);
          return true;
        };
      });
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
