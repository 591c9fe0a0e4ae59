import { createServer, type Server } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { AgentServerError } from "./agent-server-error.js";
import { checkCanListen } from "./server-options.js";

const held: Server[] = [];
afterEach(async () => {
  for (const server of held.splice(0)) await new Promise((resolve) => server.close(resolve));
});

async function holdPort(): Promise<number> {
  const server = createServer();
  held.push(server);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return (server.address() as { port: number }).port;
}

describe("checkCanListen", () => {
  it("refuses a port another process listens on, in listen's own words", async () => {
    const port = await holdPort();
    const failure = await checkCanListen({ host: "127.0.0.1", port }).catch((e: unknown) => e);
    expect(AgentServerError.isInstance(failure) && failure.code).toBe("LISTEN_FAILED");
    expect((failure as Error).message).toBe(
      `cannot listen on 127.0.0.1:${port}: the port is already in use; choose another port (0 picks a free one)`,
    );
  });

  it("leaves a free port free: the server that follows can listen on it", async () => {
    const port = await holdPort();
    await new Promise((resolve) => held.pop()?.close(resolve));
    await checkCanListen({ host: "127.0.0.1", port });
    const next = createServer();
    held.push(next);
    await new Promise<void>((resolve, reject) => {
      next.once("error", reject);
      next.listen(port, "127.0.0.1", resolve);
    });
    expect(next.listening).toBe(true);
  });

  it("port 0 always passes, and an address the machine does not have is named", async () => {
    await checkCanListen({ host: "127.0.0.1", port: 0 });
    const failure = await checkCanListen({
      host: "192.0.2.1",
      port: 8787,
      apiKey: "a-key-for-a-public-host",
    }).catch((e: unknown) => e);
    expect((failure as Error).message).toMatch(
      /^cannot listen on 192\.0\.2\.1:8787: this machine has no such address/,
    );
  });
});
