import { describe, expect, it } from "vitest";
import { SECRET_MASK } from "./secret-mask.js";

describe("SECRET_MASK", () => {
  it("is the one mask, three asterisks", () => {
    expect(SECRET_MASK).toBe("***");
  });
});
