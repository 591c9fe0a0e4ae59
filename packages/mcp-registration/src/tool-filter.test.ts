import { describe, expect, it } from "vitest";
import { filterToolNames } from "./tool-filter.js";

const names = ["read_file", "read_multiple_files", "write_file", "edit_file", "get-sum", "a(b)"];

describe("filterToolNames", () => {
  it("keeps every tool without lists", () => {
    expect(filterToolNames(names)).toEqual({ kept: names, skipped: [], warnings: [] });
    expect(filterToolNames(names, { include: [], exclude: [] }).kept).toEqual(names);
  });

  it("keeps only included tools, by exact name or glob", () => {
    const outcome = filterToolNames(names, { include: ["read_*", "get-sum"] });
    expect(outcome.kept).toEqual(["read_file", "read_multiple_files", "get-sum"]);
    expect(outcome.skipped).toContainEqual({ tool: "write_file", reason: "not-included" });
    expect(outcome.warnings).toEqual([]);
  });

  it("skips excluded tools", () => {
    const outcome = filterToolNames(names, { exclude: ["*_file"] });
    expect(outcome.kept).toEqual(["read_multiple_files", "get-sum", "a(b)"]);
    expect(outcome.skipped).toEqual([
      { tool: "read_file", reason: "excluded" },
      { tool: "write_file", reason: "excluded" },
      { tool: "edit_file", reason: "excluded" },
    ]);
  });

  it("lets exclude win over include when both match", () => {
    const outcome = filterToolNames(names, {
      include: ["*_file", "get-sum"],
      exclude: ["write_*"],
    });
    expect(outcome.kept).toEqual(["read_file", "edit_file", "get-sum"]);
    expect(outcome.skipped).toEqual([
      { tool: "read_multiple_files", reason: "not-included" },
      { tool: "write_file", reason: "excluded" },
      { tool: "a(b)", reason: "not-included" },
    ]);
    expect(outcome.warnings).toEqual([]);
  });

  it("warns about an include entry whose every match is excluded", () => {
    const outcome = filterToolNames(names, {
      include: ["read_file", "write_file", "get-sum"],
      exclude: ["read_file", "write_*"],
    });
    expect(outcome.kept).toEqual(["get-sum"]);
    expect(outcome.warnings).toEqual([
      'include entry "read_file" matches only excluded tools: exclude wins, so none of them is registered',
      'include entry "write_file" matches only excluded tools: exclude wins, so none of them is registered',
    ]);
  });

  it("matches a name containing glob syntax exactly", () => {
    expect(filterToolNames(names, { include: ["a(b)"] }).kept).toEqual(["a(b)"]);
  });

  it("warns about an include or exclude entry that matches nothing", () => {
    const outcome = filterToolNames(names, {
      include: ["read_fiel", "get-*"],
      exclude: ["nothing*"],
    });
    expect(outcome.kept).toEqual(["get-sum"]);
    expect(outcome.warnings).toEqual([
      'include entry "read_fiel" matches no tool of this server',
      'exclude entry "nothing*" matches no tool of this server',
    ]);
  });
});
