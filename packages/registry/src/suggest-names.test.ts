import { describe, expect, it } from "vitest";
import { suggestNames } from "./suggest-names.js";

const names = ["read_file", "write_file", "list_directory", "mcp_fs_read_file", "get-sum"];

describe("suggestNames", () => {
  it("suggests the closest names first", () => {
    expect(suggestNames("reed_file", names)).toEqual(["read_file"]);
    expect(suggestNames("get_sum", ["got_sam", "get_sum1", "unrelated"])).toEqual([
      "get_sum1",
      "got_sam",
    ]);
  });

  it("ignores case", () => {
    expect(suggestNames("READ_FILE", names)[0]).toBe("read_file");
  });

  it("finds names that contain the wanted one", () => {
    expect(suggestNames("fs_read", names)).toContain("mcp_fs_read_file");
  });

  it("suggests nothing for an unrelated name", () => {
    expect(suggestNames("launch_rocket", names)).toEqual([]);
  });

  it("returns at most the limit", () => {
    expect(suggestNames("a", ["b", "c", "d", "e"], 2)).toHaveLength(2);
  });
});
