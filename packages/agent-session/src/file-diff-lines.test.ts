import { describe, expect, it } from "vitest";
import { tagStyle } from "./__fixtures__/tag-style.js";
import { fileDiffLines } from "./file-diff-lines.js";

describe("fileDiffLines", () => {
  it("writes a unified diff with 3 lines of context, added and removed lines marked", () => {
    const before = ["a", "b", "c", "d", "e", "f", "g", "h"].join("\n");
    const after = before.replace("d", "D");
    expect(fileDiffLines({ file: "/x/f.txt", before, after, shownByDiff: [] }, tagStyle)).toEqual([
      "<b>changes to /x/f.txt</b>",
      "<cyan>@@ -1,7 +1,7 @@</cyan>",
      " a",
      " b",
      " c",
      "<red>-d</red>",
      "<green>+D</green>",
      " e",
      " f",
      " g",
    ]);
  });
  it("says new file, no changes, or why there is no diff", () => {
    expect(
      fileDiffLines({ file: "/n", before: undefined, after: "1\n2\n", shownByDiff: [] })[0],
    ).toBe("new file /n (2 lines)");
    expect(fileDiffLines({ file: "/n", before: "same", after: "same", shownByDiff: [] })).toEqual([
      "no changes to /n",
    ]);
    expect(
      fileDiffLines({
        file: "/n",
        before: undefined,
        after: undefined,
        problem: "too big",
        shownByDiff: [],
      }),
    ).toEqual(["no diff for /n: too big"]);
  });

  it("shows a model's control characters in the content and the file name, so no line can erase another", () => {
    const lines = fileDiffLines({
      file: "/n\u001b]0;x\u0007",
      before: undefined,
      after: "echo hi\n\u001b[1A\u001b[2Krm -rf /\n",
      shownByDiff: [],
    });
    expect(lines.join("\n")).not.toMatch(/[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/);
    expect(lines[0]).toBe("new file /n\\x1b]0;x\\x07 (2 lines)");
    expect(lines).toContain("+\\x1b[1A\\x1b[2Krm -rf /");
  });
});
