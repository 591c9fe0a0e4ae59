import { describe, expect, it } from "vitest";
import { DEFAULT_SERVE_PORT, servePort } from "./serve-port.js";

describe("servePort", () => {
  it("takes --port, else PORT, else the default", () => {
    expect(servePort(9000, { PORT: "8080" })).toBe(9000);
    expect(servePort(0, { PORT: "8080" })).toBe(0);
    expect(servePort(undefined, { PORT: "8080" })).toBe(8080);
    expect(servePort(undefined, { PORT: "" })).toBe(DEFAULT_SERVE_PORT);
    expect(servePort(undefined, {})).toBe(8787);
  });

  it("refuses a PORT that is no port, naming it", () => {
    for (const bad of ["http", "-1", "80.5", "70000"])
      expect(() => servePort(undefined, { PORT: bad })).toThrow(
        `PORT: expected a whole number from 0 to 65535, got "${bad}" (example: PORT=8080; --port wins over PORT)`,
      );
  });
});
