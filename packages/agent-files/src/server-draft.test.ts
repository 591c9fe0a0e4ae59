import { describe, expect, it } from "vitest";
import { fieldPathsAt } from "./server-draft.js";

describe("fieldPathsAt", () => {
  it("puts each field under its own name, or under the file's key or path where it is renamed", () => {
    expect(
      fieldPathsAt(["extensions", "gh"], {
        command: "cmd",
        headers: ["requestOptions", "headers"],
      }),
    ).toEqual({
      command: ["extensions", "gh", "cmd"],
      args: ["extensions", "gh", "args"],
      env: ["extensions", "gh", "env"],
      envFile: ["extensions", "gh", "envFile"],
      cwd: ["extensions", "gh", "cwd"],
      url: ["extensions", "gh", "url"],
      headers: ["extensions", "gh", "requestOptions", "headers"],
    });
  });
});
