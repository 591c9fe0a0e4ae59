import { describe, expect, it } from "vitest";
import { toModelContent } from "./to-model-content.js";

const image = { type: "image" as const, data: "A".repeat(4096), mimeType: "image/png" };

describe("toModelContent", () => {
  it("passes images to a model with vision", () => {
    expect(toModelContent({ content: [image] }, { vision: true, maxChars: 100 })).toEqual([image]);
  });

  it("replaces images with a short placeholder for a model without vision", () => {
    const [block] = toModelContent({ content: [image] }, { vision: false, maxChars: 1000 });
    expect(block).toEqual({
      type: "text",
      text: "[the tool returned an image (image/png, about 3 KB). It is not shown to you because this model does not accept images; the user sees it when their front end shows tool images, so refer to it rather than describe it]",
    });
  });

  it("shows structured content as JSON when there is no other content", () => {
    expect(
      toModelContent(
        { content: [], structuredContent: { sum: 3 } },
        { vision: false, maxChars: 100 },
      ),
    ).toEqual([{ type: "text", text: '{"sum":3}' }]);
  });

  it("never returns an empty list", () => {
    expect(toModelContent({ content: [] }, { vision: false, maxChars: 100 })).toEqual([
      { type: "text", text: "(the tool returned no content)" },
    ]);
  });
});
