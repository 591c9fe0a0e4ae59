import { describe, expect, it } from "vitest";
import { isLoopbackHost } from "./loopback-host.js";

describe("isLoopbackHost", () => {
  it("accepts only addresses this machine alone can reach", () => {
    for (const host of [
      "127.0.0.1",
      "127.10.0.3",
      "localhost",
      "LOCALHOST",
      "::1",
      "[::1]",
      "::ffff:127.0.0.1",
    ]) {
      expect(isLoopbackHost(host), host).toBe(true);
    }
    for (const host of [
      "0.0.0.0",
      "::",
      "192.168.1.2",
      "10.0.0.1",
      "example.com",
      "128.0.0.1",
      "::ffff:10.0.0.1",
    ]) {
      expect(isLoopbackHost(host), host).toBe(false);
    }
  });
});
