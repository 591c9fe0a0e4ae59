import { describe, expect, it } from "vitest";
import { browserOpener } from "./open-browser.js";

describe("browserOpener", () => {
  it("opens a URL on Windows without cmd.exe, so an & in it cannot start a command", () => {
    const opener = browserOpener({}, "win32");
    expect(opener).toEqual({ command: "rundll32.exe", args: ["url.dll,FileProtocolHandler"] });
    expect(JSON.stringify(opener)).not.toMatch(/cmd/i);
  });

  it("uses open on macOS, xdg-open elsewhere, and $BROWSER first everywhere", () => {
    expect(browserOpener({}, "darwin").command).toBe("open");
    expect(browserOpener({}, "linux").command).toBe("xdg-open");
    expect(browserOpener({ BROWSER: "firefox" }, "win32")).toEqual({
      command: "firefox",
      args: [],
    });
  });
});
