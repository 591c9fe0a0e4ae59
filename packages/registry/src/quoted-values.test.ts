import { describe, expect, it } from "vitest";
import { quotedOnlyWords } from "./quoted-values.js";

describe("quotedOnlyWords", () => {
  it("finds the words of quoted values that the request does not also use outside quotes", () => {
    expect(
      quotedOnlyWords("Check if 'This weather is terrible!' contains profanity, and the weather"),
    ).toEqual(new Set(["terrible"]));
    expect(quotedOnlyWords('Search movies with the keyword "comedy".')).toEqual(
      new Set(["comedy"]),
    );
  });

  it("does not take apostrophes inside words for quotes", () => {
    expect(quotedOnlyWords("I'm looking for the artist's latest songs")).toEqual(new Set());
  });
});
