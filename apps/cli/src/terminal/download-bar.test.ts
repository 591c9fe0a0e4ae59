import { PassThrough } from "node:stream";
import { describe, expect, it } from "vitest";
import { downloadBar } from "./download-bar.js";

function capture() {
  const out = new PassThrough();
  let text = "";
  out.on("data", (chunk: Buffer) => {
    text += chunk.toString();
  });
  return { out, text: () => text };
}

describe("downloadBar", () => {
  it("rewrites one line on a terminal and ends it when done", () => {
    const { out, text } = capture();
    const show = downloadBar(out, true);
    show({ uri: "hf:o/r/m.gguf", downloadedBytes: 500_000, totalBytes: 1_000_000 });
    show({ uri: "hf:o/r/m.gguf", downloadedBytes: 1_000_000, totalBytes: 1_000_000 });
    show({ uri: "hf:o/r/m.gguf", downloadedBytes: 1_000_000, totalBytes: 1_000_000 });
    expect(text()).toBe(
      "\r\u001b[Kdownloading hf:o/r/m.gguf [##########----------] 50% 0.5/1.0 MB" +
        "\r\u001b[Kdownloading hf:o/r/m.gguf [####################] 100% 1.0/1.0 MB\n",
    );
  });
  it("prints a start and an end line elsewhere", () => {
    const { out, text } = capture();
    const show = downloadBar(out, false);
    for (const downloadedBytes of [0, 400_000, 2_000_000])
      show({ uri: "hf:o/r/m.gguf", downloadedBytes, totalBytes: 2_000_000 });
    expect(text()).toBe("downloading hf:o/r/m.gguf (2.0 MB)…\ndownloaded hf:o/r/m.gguf\n");
  });
});
