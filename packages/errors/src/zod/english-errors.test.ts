import { describe, expect, it } from "vitest";
// zod/mini only, on purpose: classic "zod" installs English globally when it loads, and then
// these tests could not tell whether the map brings the English locale itself.
import * as z from "zod/mini";
import { englishErrors } from "./english-errors.js";

const messageOf = (schema: z.ZodMiniType, value: unknown, english = true) =>
  z.safeParse(schema, value, english ? { error: englishErrors() } : undefined).error?.issues[0]
    ?.message;

describe("englishErrors", () => {
  it("runs in a process where zod has no global locale (so the tests below can fail)", () => {
    expect(z.config().localeError).toBeUndefined();
    expect(messageOf(z.url(), "not a url", false)).toBe("Invalid input");
  });

  it("gives zod's English messages and words bounds plainly", () => {
    expect(messageOf(z.url(), "not a url")).toBe("Invalid URL");
    expect(messageOf(z.number().check(z.maximum(65535)), 70_000)).toBe("a number of 65535 or less");
    expect(messageOf(z.string().check(z.minLength(1)), "")).toBe("a non-empty string");
    expect(messageOf(z.array(z.string()).check(z.maxLength(2)), ["a", "b", "c"])).toBe(
      "a list of at most 2 items",
    );
  });

  it("leaves a schema's own error text and zod's global config alone", () => {
    expect(messageOf(z.string({ error: "expected a command" }), 3)).toBe("expected a command");
    expect(z.config().localeError).toBeUndefined();
  });
});
