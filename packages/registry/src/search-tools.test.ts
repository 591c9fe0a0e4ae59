import { describe, expect, it } from "vitest";
import { tool } from "./__fixtures__/tools.js";
import { searchTools } from "./search-tools.js";

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
    inputSchema: {
      type: "object",
      properties: { city: { description: "Name of the town" }, days: {} },
    },
  }),
];

const names = (query: string, limit?: number) =>
  searchTools(catalogue, query, limit === undefined ? {} : { limit }).map((m) => m.definition.name);

describe("searchTools", () => {
  it("ranks by name words first, so 'list issues' finds list_issues before create_issue", () => {
    expect(names("list issues")).toEqual(["mcp_github_list_issues", "mcp_github_create_issue"]);
  });

  it("finds a tool by a parameter name, a parameter's description, its server or description", () => {
    expect(names("city")).toEqual(["mcp_weather_forecast"]);
    expect(names("town")).toEqual(["mcp_weather_forecast"]);
    expect(names("text from disk")).toEqual(["mcp_fs_read_file"]);
    expect(names("weather")).toEqual(["mcp_weather_forecast"]);
  });

  it("puts an exact name first, registered or server-side, even when other tools score more words", () => {
    const found = searchTools(catalogue, "create_issue");
    expect(found[0]).toMatchObject({
      exact: true,
      definition: { name: "mcp_github_create_issue" },
    });
    expect(found.slice(1).every((match) => !match.exact)).toBe(true);
    expect(names("MCP_FS_READ_FILE")[0]).toBe("mcp_fs_read_file");
    expect(names("read_file, mcp_weather_forecast").slice(0, 2)).toEqual([
      "mcp_fs_read_file",
      "mcp_weather_forecast",
    ]);
  });

  it("finds the tools of a server by the server's name, which only its registered name carries", () => {
    const tracker = [
      tool("mcp_jira_list", "mcp-jira", {
        description: "List tickets.",
        source: { server: "jira", tool: "list" },
      }),
      tool("mcp_notes_list", "mcp-notes", {
        description: "List notes.",
        source: { server: "notes", tool: "list" },
      }),
    ];
    expect(searchTools(tracker, "jira").map((m) => m.definition.name)).toEqual(["mcp_jira_list"]);
    expect(searchTools(tracker, "list").map((m) => m.exact)).toEqual([true, true]);
  });

  it("takes a plain word in a sentence for a word, not for the name of a tool called so", () => {
    const tools = [
      tool("search", "web", { description: "Search the web for pages." }),
      tool("movie_finder", "films", { description: "Find movies by keyword or genre." }),
    ];
    const first = (query: string) => searchTools(tools, query)[0];
    expect(first("search for movies with the keyword comedy")).toMatchObject({
      exact: false,
      definition: { name: "movie_finder" },
    });
    expect(first("search")).toMatchObject({ exact: true, definition: { name: "search" } });
    expect(first("please use movie_finder, then search")).toMatchObject({
      exact: true,
      definition: { name: "movie_finder" },
    });
  });

  it("matches the beginning of a word and one typo in short keyword queries", () => {
    expect(names("forec")).toEqual(["mcp_weather_forecast"]);
    expect(names("isues")[0]).toBe("mcp_github_list_issues");
    expect(names("issue")).toContain("mcp_github_list_issues");
  });

  it("returns nothing for a query matching no tool, and honours the limit and the filter", () => {
    expect(names("kubernetes pods")).toEqual([]);
    expect(names("the of and")).toEqual([]);
    expect(names("repo", 1)).toEqual(["mcp_github_list_issues"]);
    expect(names("repo", 0)).toEqual([]);
    const notListing = searchTools(catalogue, "issues", {
      among: (name) => name !== "mcp_github_list_issues",
    });
    expect(notListing.map((m) => m.definition.name)).toEqual(["mcp_github_create_issue"]);
    expect(
      searchTools(catalogue, "mcp_fs_read_file", { among: () => false }).map((m) => m.definition),
    ).toEqual([]);
  });

  it("finds the tool of each ask in a request for two things", () => {
    const found = names(
      "I need the forecast for Lyon for the next three days. Also, please open a new issue about the broken build.",
      2,
    );
    expect(found.sort()).toEqual(["mcp_github_create_issue", "mcp_weather_forecast"]);
  });

  it("splits a run-together name into the words other tools' descriptions use", () => {
    const tools = [
      tool("emailverifier", "mail", { description: "Checks a mailbox through the Tomba API." }),
      tool("send", "mail", { description: "Sends an email to a verifier of the list." }),
      tool("weather", "mail", { description: "Current weather of a city." }),
    ];
    const first = (query: string) => searchTools(tools, query)[0]?.definition.name;
    expect(first("email verifier for my address")).toBe("emailverifier");
    const found = (list: typeof tools) =>
      searchTools(list, "verifier of addresses").map((m) => m.definition.name);
    expect(found(tools)).toContain("emailverifier");
    // Without another description that uses "verifier", the name stays one word.
    expect(found(tools.slice(0, 1))).toEqual([]);
  });

  it("weighs words found only in a quoted value less than the words of the ask", () => {
    const tools = [
      tool("profanity_filter", "text", { description: "Filters profanity from a text." }),
      tool("weather_report", "text", {
        description: "Reports whether the weather is terrible today.",
      }),
    ];
    const first = (query: string) => searchTools(tools, query)[0]?.definition.name;
    expect(first("Filter 'weather is terrible today' for profanity")).toBe("profanity_filter");
    expect(first("Filter weather, terrible today, for profanity")).toBe("weather_report");
  });
});
