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

  it("shows every bidirectional control as \\uNNNN, so no text can read other than it is", () => {
    const bidi = [0x202a, 0x202b, 0x202c, 0x202d, 0x202e, 0x2066, 0x2067, 0x2068, 0x2069];
    const all = [...bidi, 0x200e, 0x200f, 0x061c].map((code) => String.fromCharCode(code));
    const shown = visibleControls(`a${all.join("")}b`);
    expect(shown).toBe(
      String.raw`a\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069\u200e\u200f\u061cb`,
    );
    // The Trojan Source trick: the name the reader sees is not the one in the text.
    expect(visibleControls("file\u202Etxt.exe")).toBe(String.raw`file\u202etxt.exe`);
  });

  it("leaves Arabic and Hebrew letters, and the joiners emoji need, as they are", () => {
    expect(visibleControls("שלום مرحبا 👩\u200d💻")).toBe("שלום مرحبا 👩\u200d💻");
  });

  it("leaves ordinary text, including non-ASCII, as it is", () => {
    expect(visibleControls("héllo · wörld ✓ 日本")).toBe("héllo · wörld ✓ 日本");
  });
});
