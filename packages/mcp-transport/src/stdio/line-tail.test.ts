import { describe, expect, it } from "vitest";
import { LineTail } from "./line-tail.js";

describe("LineTail", () => {
  it("keeps the last N lines across chunk boundaries", () => {
    const tail = new LineTail(3);
    tail.push("one\ntw");
    tail.push("o\nthree\nfour\nfi");
    expect(tail.snapshot()).toEqual(["three", "four", "fi"]);
  });
});
