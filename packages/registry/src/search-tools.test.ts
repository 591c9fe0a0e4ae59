import { describe, expect, it } from "vitest";
import { tool } from "./__fixtures__/tools.js";
import { searchTools, searchWords } from "./search-tools.js";

const catalogue = [
  tool("mcp_github_list_issues", "mcp-github", {
    description: "List issues of a repository, newest first.",
    inputSchema: { type: "object", properties: { owner: {}, repo: {}, state: {} } },
    source: { server: "github", tool: "list_issues" },
  }),
  tool("mcp_github_create_issue", "mcp-github", {
    description: "Open a new issue.",
    inputSchema: { type: "object", properties: { owner: {}, repo: {}, title: {}, body: {} } },
    source: { server: "github", tool: "create_issue" },
  }),
  tool("mcp_fs_read_file", "mcp-fs", {
    description: "Read a UTF-8 text file from disk.",
    inputSchema: { type: "object", properties: { path: {} } },
    source: { server: "fs", tool: "read_file" },
  }),
  tool("mcp_weather_forecast", "mcp-weather", {
    description: "Forecast for a city.",
    inputSchema: { type: "object", properties: { city: {}, days: {} } },
  }),
];

const names = (query: string, limit?: number) =>
  searchTools(catalogue, query, limit === undefined ? {} : { limit }).map((m) => m.definition.name);

describe("searchTools", () => {
  it("ranks by name words first, so 'list issues' finds list_issues before create_issue", () => {
    expect(names("list issues")).toEqual(["mcp_github_list_issues", "mcp_github_create_issue"]);
  });

  it("finds a tool by a parameter name alone", () => {
    expect(names("city")).toEqual(["mcp_weather_forecast"]);
  });

  it("finds a tool by its description", () => {
    expect(names("text from disk")).toEqual(["mcp_fs_read_file"]);
  });

  it("puts an exact name first, registered or server-side, even when other tools score more words", () => {
    const found = searchTools(catalogue, "create_issue");
    expect(found[0]).toMatchObject({
      exact: true,
      definition: { name: "mcp_github_create_issue" },
    });
    expect(names("mcp_fs_read_file")[0]).toBe("mcp_fs_read_file");
    expect(names("read_file, mcp_weather_forecast").slice(0, 2).sort()).toEqual([
      "mcp_fs_read_file",
      "mcp_weather_forecast",
    ]);
  });

  it("returns nothing for a query matching no tool, and honours the limit", () => {
    expect(names("kubernetes pods")).toEqual([]);
    expect(names("repo", 1)).toEqual(["mcp_github_list_issues"]);
  });

  it("splits camelCase, snake_case and kebab-case and drops filler words", () => {
    expect(searchWords("getWeather for my-city_names")).toEqual(["get", "weather", "city", "name"]);
  });
});
