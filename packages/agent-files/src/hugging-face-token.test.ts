import { describe, expect, it } from "vitest";
import type { AgentFileServer } from "./agent-file.js";
import { withHuggingFaceToken } from "./hugging-face-token.js";

const http = (name: string, url: string, headers?: Record<string, string>): AgentFileServer => ({
  name,
  path: [],
  config: { type: "http", url, ...(headers ? { headers } : {}) } as AgentFileServer["config"],
  enabled: true,
  autoApprove: [],
});

describe("withHuggingFaceToken", () => {
  const servers = [
    http("hub", "https://huggingface.co/mcp"),
    http("space", "https://evalstate-flux.hf.space/gradio_api/mcp/sse"),
    http("other", "https://example.com/mcp"),
    http("lookalike", "https://huggingface.co.evil.example/mcp"),
    http("fakespace", "https://hf.space.evil.example/mcp"),
    http("own", "https://huggingface.co/mcp", { authorization: "Bearer mine" }),
  ];
  it("sends HF_TOKEN only to huggingface.co and *.hf.space entries without an Authorization header", () => {
    const { servers: out, given } = withHuggingFaceToken(servers, { HF_TOKEN: "hf_x" });
    expect(given).toEqual(["hub", "space"]);
    const headers = out.map((s) => (s.config as { headers?: Record<string, string> }).headers);
    expect(headers[0]).toEqual({ Authorization: "Bearer hf_x" });
    expect(headers[1]).toEqual({ Authorization: "Bearer hf_x" });
    expect(headers.slice(2, 5)).toEqual([undefined, undefined, undefined]);
    expect(headers[5]).toEqual({ authorization: "Bearer mine" });
  });
  it("does nothing without HF_TOKEN", () => {
    expect(withHuggingFaceToken(servers, {}).given).toEqual([]);
  });
});
