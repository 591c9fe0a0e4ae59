import { describe, expect, it } from "vitest";
import { firstInvalidUtf8Offset } from "./utf8-offset.js";

describe("firstInvalidUtf8Offset", () => {
  it("is undefined for valid UTF-8, including 4-byte characters", () => {
    expect(firstInvalidUtf8Offset(Buffer.from("a é € 😀"))).toBeUndefined();
  });

  it.each([
    ["a stray continuation byte", [0x61, 0x80], 1],
    ["a truncated sequence", [0x61, 0xe2, 0x82], 1],
    ["an overlong encoding of '/'", [0xc0, 0xaf], 0],
    ["an encoded surrogate", [0x61, 0x62, 0xed, 0xa0, 0x80], 2],
    ["a code point past U+10FFFF", [0xf4, 0x90, 0x80, 0x80], 0],
  ])("finds %s", (_, bytes, offset) => {
    expect(firstInvalidUtf8Offset(Uint8Array.from(bytes))).toBe(offset);
  });
});
