import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { readEnvFile } from "./env-file.js";

let dir: string | undefined;
afterEach(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
});

/** Writes `lines` to a fresh .env file (joined by `eol`) and reads it back. */
function readLines(lines: string[], eol = "\n"): Record<string, string> {
  dir = mkdtempSync(join(tmpdir(), "env-file-"));
  const file = join(dir, ".env");
  writeFileSync(file, lines.join(eol));
  return readEnvFile(file);
}

describe("readEnvFile", () => {
  it("reads KEY=value lines, export, quotes and comments", () => {
    expect(
      readLines([
        "# comment",
        "A=1",
        "export B = two words # trailing comment",
        'C="quoted # not a comment\\nline"',
        "D='single'",
        "E=",
        "not a line",
      ]),
    ).toEqual({
      A: "1",
      B: "two words",
      C: "quoted # not a comment\nline",
      D: "single",
      E: "",
    });
  });

  it("trims lines, skips indented comments and lines that are no assignment, keeps what quotes hold", () => {
    expect(
      readLines(
        [
          "   # indented comment",
          "  A=1  ",
          "export\t  B=2",
          "C=a#b",
          "D=x\t# tab comment",
          'E="',
          "F='no \\n here' ",
          'G="say \\"hi\\""',
          "H='it\\'s'",
          "I=path # comment",
          "=nokey",
          "exportJ=3",
          "K =  spaced",
          "1X=bad",
        ],
        "\r\n",
      ),
    ).toEqual({
      A: "1",
      B: "2",
      C: "a#b",
      D: "x",
      E: '"',
      F: "no \\n here",
      G: 'say "hi"',
      H: "it\\'s", // single quotes escape nothing: the last quote ends the value
      I: "path",
      exportJ: "3",
      K: "spaced",
    });
  });
});
