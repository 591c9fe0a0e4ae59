import { InvalidArgumentError } from "commander";
import { describe, expect, it } from "vitest";
import { httpUrl } from "./option-values.js";

describe("httpUrl", () => {
  const parse = httpUrl("--endpoint-url", "http://127.0.0.1:11434/v1");

  it("takes http and https URLs as given", () => {
    expect(parse("http://127.0.0.1:18001")).toBe("http://127.0.0.1:18001");
    expect(parse("https://api.example.com/v1")).toBe("https://api.example.com/v1");
  });

  it("refuses a host:port without a scheme, suggesting it with http://", () => {
    for (const value of ["127.0.0.1:18001", "localhost:11434"]) {
      expect(() => parse(value)).toThrow(InvalidArgumentError);
      expect(() => parse(value)).toThrow(
        `expected an http(s) URL, got "${value}" (example: --endpoint-url http://${value})`,
      );
    }
  });

  it("refuses another scheme with the flag's own example", () => {
    expect(() => parse("ftp://127.0.0.1/v1")).toThrow(
      'expected an http(s) URL, got "ftp://127.0.0.1/v1" (example: --endpoint-url http://127.0.0.1:11434/v1)',
    );
  });
});
