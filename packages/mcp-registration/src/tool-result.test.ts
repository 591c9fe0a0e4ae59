import { describe, expect, it } from "vitest";
import { compileOutputSchema } from "./output-schema.js";
import { toToolResult } from "./tool-result.js";

function validatorFor(schema: Record<string, unknown>) {
  const compiled = compileOutputSchema(schema);
  if ("error" in compiled) throw new Error(compiled.error);
  return compiled.validate;
}

describe("toToolResult", () => {
  it("keeps every content type in order", () => {
    const content = [
      { type: "text", text: "one", annotations: { priority: 1 } },
      { type: "image", data: "aW1n", mimeType: "image/png" },
      { type: "audio", data: "YXVk", mimeType: "audio/wav" },
      {
        type: "resource",
        resource: { uri: "file:///a.txt", mimeType: "text/plain", text: "body" },
      },
      { type: "resource", resource: { uri: "file:///b.bin", blob: "YmxvYg==" } },
      {
        type: "resource_link",
        uri: "file:///c",
        name: "c",
        title: "C",
        description: "the c",
        mimeType: "text/x",
      },
    ];
    expect(toToolResult({ content })).toEqual({
      content: [
        { type: "text", text: "one" },
        { type: "image", data: "aW1n", mimeType: "image/png" },
        { type: "audio", data: "YXVk", mimeType: "audio/wav" },
        {
          type: "resource",
          resource: { uri: "file:///a.txt", mimeType: "text/plain", text: "body" },
        },
        { type: "resource", resource: { uri: "file:///b.bin", blob: "YmxvYg==" } },
        {
          type: "resource_link",
          uri: "file:///c",
          name: "c",
          title: "C",
          description: "the c",
          mimeType: "text/x",
        },
      ],
    });
  });

  it("describes a block it cannot represent instead of dropping it", () => {
    const result = toToolResult({
      content: [
        { type: "video", url: "x" },
        { type: "text", text: "after" },
      ],
    });
    expect(result.content).toHaveLength(2);
    expect(result.content[0]).toMatchObject({ type: "text" });
    expect((result.content[0] as { text: string }).text).toContain('type "video"');
    expect(result.content[1]).toEqual({ type: "text", text: "after" });
  });

  it("keeps isError and the server's text", () => {
    expect(toToolResult({ content: [{ type: "text", text: "boom" }], isError: true })).toEqual({
      content: [{ type: "text", text: "boom" }],
      isError: true,
    });
  });

  it("keeps structuredContent and adds no warning when it matches the outputSchema", () => {
    const validateOutput = validatorFor({
      $schema: "https://json-schema.org/draft/2020-12/schema",
      type: "object",
      properties: { sum: { type: "number" } },
      required: ["sum"],
    });
    const result = toToolResult(
      { content: [{ type: "text", text: '{"sum":3}' }], structuredContent: { sum: 3 } },
      { validateOutput },
    );
    expect(result).toEqual({
      content: [{ type: "text", text: '{"sum":3}' }],
      structuredContent: { sum: 3 },
    });
  });

  it("adds a short warning block when structuredContent does not match", () => {
    const validateOutput = validatorFor({
      type: "object",
      properties: { sum: { type: "number" } },
      required: ["sum"],
    });
    const result = toToolResult(
      { content: [], structuredContent: { sum: "three" } },
      { validateOutput },
    );
    expect(result.isError).toBeUndefined();
    expect(result.structuredContent).toEqual({ sum: "three" });
    expect(result.content).toEqual([
      {
        type: "text",
        text: "[warning: structuredContent does not match the tool's outputSchema: /sum must be number]",
      },
    ]);
  });

  it("warns when a tool with an outputSchema returns no structuredContent, but not for errors", () => {
    const validateOutput = validatorFor({ type: "object" });
    expect(toToolResult({ content: [] }, { validateOutput }).content[0]).toMatchObject({
      text: expect.stringContaining("no structuredContent"),
    });
    expect(toToolResult({ content: [], isError: true }, { validateOutput }).content).toEqual([]);
  });

  it("keeps long texts and embedded text resources whole (agent-loop cuts, once)", () => {
    const long = "x".repeat(300_000);
    const result = toToolResult({
      content: [
        { type: "text", text: long },
        { type: "resource", resource: { uri: "u:", text: long } },
      ],
    });
    expect(result.content).toEqual([
      { type: "text", text: long },
      { type: "resource", resource: { uri: "u:", text: long } },
    ]);
  });

  it("turns an old-style toolResult into text", () => {
    expect(toToolResult({ toolResult: { ok: true } })).toEqual({
      content: [{ type: "text", text: '{"ok":true}' }],
    });
  });
});

describe("compileOutputSchema", () => {
  it("reports a schema that cannot be compiled", () => {
    expect(
      compileOutputSchema({ type: "object", properties: { a: { $ref: "#/nowhere" } } }),
    ).toMatchObject({
      error: expect.stringContaining("outputSchema could not be compiled"),
    });
  });

  it("handles draft-07 schemas with definitions", () => {
    const validate = validatorFor({
      $schema: "http://json-schema.org/draft-07/schema#",
      definitions: { n: { type: "number" } },
      type: "object",
      properties: { a: { $ref: "#/definitions/n" } },
    });
    expect(validate({ a: 1 })).toEqual({ valid: true });
    expect(validate({ a: "1" })).toMatchObject({ valid: false });
  });
});
