import { describe, expect, it } from "vitest";
import { errorSummary } from "./error-summary.js";

describe("errorSummary", () => {
  it("drops the stderr block and joins the rest on one line", () => {
    const error = new Error(
      'call lost (Server "fx" exited with code 3.\n)\nLast stderr lines:\n  boom\n  more',
    );
    expect(errorSummary(error)).toBe('call lost (Server "fx" exited with code 3. )');
  });

  it("handles non-errors and empty messages", () => {
    expect(errorSummary("plain")).toBe("plain");
    expect(errorSummary(new Error(""))).toBe("(no message)");
  });
});
