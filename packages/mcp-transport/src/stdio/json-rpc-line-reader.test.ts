import { describe, expect, it } from "vitest";
import { JsonRpcLineReader } from "./json-rpc-line-reader.js";

function collect(maxBytes?: number) {
  const seen = {
    messages: [] as unknown[],
    garbage: [] as string[],
    overflows: [] as number[],
    ids: [] as unknown[],
  };
  const reader = new JsonRpcLineReader(
    {
      message: (m) => seen.messages.push(m),
      garbage: (line) => seen.garbage.push(line),
      overflow: (bytes, id) => {
        seen.overflows.push(bytes);
        seen.ids.push(id);
      },
    },
    maxBytes,
  );
  return { reader, seen };
}

describe("JsonRpcLineReader", () => {
  it("reassembles messages split across chunks and handles CRLF", () => {
    const { reader, seen } = collect();
    const text = '{"jsonrpc":"2.0","id":1,"result":{}}\r\n{"jsonrpc":"2.0","method":"x"}\n';
    for (const ch of text) reader.push(Buffer.from(ch));
    expect(seen.messages).toEqual([
      { jsonrpc: "2.0", id: 1, result: {} },
      { jsonrpc: "2.0", method: "x" },
    ]);
  });

  it("reports non-JSON-RPC lines instead of failing, and keeps going", () => {
    const { reader, seen } = collect();
    reader.push(
      Buffer.from('Starting server...\n{"a":1}\n\n{"jsonrpc":"2.0","id":2,"result":{}}\n'),
    );
    expect(seen.garbage).toEqual(["Starting server...", '{"a":1}']);
    expect(seen.messages).toHaveLength(1);
  });

  it("drops a line over the limit and recovers at the next newline", () => {
    const { reader, seen } = collect(100);
    reader.push(Buffer.from("x".repeat(80)));
    reader.push(Buffer.from("x".repeat(80)));
    reader.push(Buffer.from('xx\n{"jsonrpc":"2.0","id":3,"result":{}}\n'));
    expect(seen.overflows).toHaveLength(1);
    expect(seen.messages).toEqual([{ jsonrpc: "2.0", id: 3, result: {} }]);
  });

  it("names the id of a dropped response, found at its start or end, but never of a server request", () => {
    const { reader, seen } = collect(100);
    const big = "y".repeat(300);
    reader.push(Buffer.from(`{"result":{"text":"${big}"},"jsonrpc":"2.0","id":7}\n`));
    reader.push(Buffer.from(`{"jsonrpc":"2.0","id":"abc","result":{"text":"${big}"}}\r\n`));
    reader.push(
      Buffer.from(`{"method":"sampling/createMessage","params":{"t":"${big}"},"id":1}\n`),
    );
    reader.push(Buffer.from(`${big}\n`));
    expect(seen.ids).toEqual([7, "abc", undefined, undefined]);
    expect(seen.overflows[0]).toBe(`{"result":{"text":"${big}"},"jsonrpc":"2.0","id":7}`.length);
  });

  it("reads a 64 MiB message arriving in 64 KiB chunks", () => {
    const { reader, seen } = collect();
    const payload = Buffer.from(
      `{"jsonrpc":"2.0","id":1,"result":{"data":"${"A".repeat(64 * 1024 * 1024)}"}}\n`,
    );
    for (let i = 0; i < payload.length; i += 65_536) reader.push(payload.subarray(i, i + 65_536));
    expect(seen.messages).toHaveLength(1);
  });
});
