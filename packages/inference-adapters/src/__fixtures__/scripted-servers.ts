import {
  type Script,
  type ScriptedModelServer,
  startScriptedModelServer,
} from "@tinyloop/test-fixtures/model-server";
import { afterEach } from "vitest";

/**
 * For one test file: `serve(script)` starts a scripted model server, and every server it
 * started is closed after each test.
 */
export function useScriptedServers(): (script: Script) => Promise<ScriptedModelServer> {
  const servers: ScriptedModelServer[] = [];
  afterEach(async () => {
    await Promise.all(servers.splice(0).map((server) => server.close()));
  });
  return async (script) => {
    const server = await startScriptedModelServer({ script });
    servers.push(server);
    return server;
  };
}
