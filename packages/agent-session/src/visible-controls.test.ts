import { describe, expect, it } from "vitest";
import { visibleControls } from "./visible-controls.js";

describe("visibleControls", () => {
  it("shows ESC, BEL, the C1 CSI and DEL as \\xNN, so no escape sequence reaches the terminal", () => {
    const shown = visibleControls("a\u001b]0;title\u0007b\u001b[2Jc\u009b1Ad\u007f");
    expect(shown).toBe("a\\x1b]0;title\\x07b\\x1b[2Jc\\x9b1Ad\\x7f");
    expect(shown).not.toMatch(/[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/);
  });

  it("keeps newlines and tabs, drops the CR of CRLF and shows a lone CR", () => {
    expect(visibleControls("one\r\ntwo\tthree\rfour")).toBe("one\ntwo\tthree\\x0dfour");
  });

  it("leaves ordinary text, including non-ASCII, as it is", () => {
    expect(visibleControls("héllo · wörld ✓ 日本")).toBe("héllo · wörld ✓ 日本");
  });
});
