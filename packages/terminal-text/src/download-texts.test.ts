import { describe, expect, it } from "vitest";
import { downloadTexts } from "./download-texts.js";

describe("downloadTexts", () => {
  it("shows a bar, the percentage and the sizes when the size is known", () => {
    expect(
      downloadTexts({
        uri: "hf:o/r/m.gguf",
        downloadedBytes: 510_200_000,
        totalBytes: 980_000_000,
      }),
    ).toEqual({
      progress: "downloading hf:o/r/m.gguf [##########----------] 52% 510.2/980.0 MB",
      started: "downloading hf:o/r/m.gguf (980.0 MB)…",
      finished: "downloaded hf:o/r/m.gguf",
      done: false,
    });
    expect(
      downloadTexts({ uri: "hf:o/r/m.gguf", downloadedBytes: 2e6, totalBytes: 2e6 }),
    ).toMatchObject({
      progress: "downloading hf:o/r/m.gguf [####################] 100% 2.0/2.0 MB",
      done: true,
    });
  });

  it("without a size, only the bytes so far, and never done", () => {
    expect(downloadTexts({ downloadedBytes: 1_500_000 })).toEqual({
      progress: "downloading model 1.5 MB",
      started: "downloading model…",
      finished: "downloaded model",
      done: false,
    });
  });
});
