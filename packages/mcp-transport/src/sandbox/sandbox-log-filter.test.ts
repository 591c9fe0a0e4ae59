import { describe, expect, it } from "vitest";
import { SandboxLogFilter } from "./sandbox-log-filter.js";

describe("SandboxLogFilter", () => {
  it("keeps the server's own lines, drops the runtime's debug log, and reports each refusal", () => {
    const denied: string[] = [];
    const filter = new SandboxLogFilter((what) => denied.push(what));
    const out = [
      filter.push("server starting\n[SandboxDebug] Initializing sandbox...\n[SandboxDebug] {\n"),
      filter.push('  "allowedHosts": []\n}\n[SandboxDebug] Connection blocked to evil.example:4'),
      filter.push("43\nfetch failed: 403\n[SandboxDebug] HTTP request blocked to a.b:80\nlast"),
      filter.flush(),
    ].join("");
    expect(out).toBe(
      "server starting\nsandbox: denied a connection to evil.example:443\nfetch failed: 403\nsandbox: denied a connection to a.b:80\nlast",
    );
    expect(denied).toEqual(["a connection to evil.example:443", "a connection to a.b:80"]);
  });
});
