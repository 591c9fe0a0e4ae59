import { describe, expect, it } from "vitest";
import { sessionFlagOptions } from "./session-flag-options.js";

describe("sessionFlagOptions", () => {
  it("maps --max-turns, --tool-search and --end-when to the session's options", () => {
    expect(
      sessionFlagOptions({ maxTurns: 3, toolSearch: "always", endWhen: "two-texts", lazy: true }),
    ).toEqual({ maxTurns: 3, toolSearch: "always", endWhen: "two-texts" });
  });

  it("leaves a flag not given unset, so the file's value or the library's default applies", () => {
    expect(sessionFlagOptions({})).toEqual({});
  });
});
