import type { FormatResult, ModelField } from "./agent-settings.js";
import type { ConfigPath } from "./config-path.js";
import type { DraftField, ServerDraft } from "./server-draft.js";
import type { TextSlot } from "./variables.js";

/** The model fields of a file that hold text (`model`, `provider`, `endpointUrl`, `apiKey`). */
export function modelSlots(result: FormatResult): TextSlot[] {
  const fields: ModelField[] = ["model", "provider", "endpointUrl", "apiKey"];
  return fields
    .filter((key) => typeof result.settings[key] === "string")
    .map((key) => ({
      path: result.settingPaths[key] ?? [key],
      get: () => result.settings[key] ?? "",
      set: (value: string) => {
        result.settings[key] = value;
      },
    }));
}

/** Every string of a server that may hold `${…}`: command, args, env and header values, cwd, url, envFile, `oauth` strings. */
export function serverSlots(draft: ServerDraft): TextSlot[] {
  const slots: TextSlot[] = [];
  const at = (field: DraftField, ...rest: Array<string | number>): ConfigPath => [
    ...(draft.fieldPaths[field] ?? [...draft.path, field]),
    ...rest,
  ];
  const field = (key: "command" | "cwd" | "url" | "envFile") => {
    if (draft[key] === undefined) return;
    slots.push({
      path: at(key),
      get: () => draft[key] ?? "",
      set: (value) => {
        draft[key] = value;
      },
    });
  };
  field("command");
  field("cwd");
  field("url");
  field("envFile");
  draft.args.forEach((_, i) => {
    slots.push({
      path: draft.valuePaths?.args?.[i] ?? at("args", i),
      get: () => draft.args[i] ?? "",
      set: (value) => {
        draft.args[i] = value;
      },
    });
  });
  for (const map of ["env", "headers"] as const) {
    for (const key of Object.keys(draft[map])) {
      slots.push({
        path: draft.valuePaths?.[map]?.[key] ?? at(map, key),
        get: () => draft[map][key] ?? "",
        set: (value) => {
          draft[map][key] = value;
        },
      });
    }
  }
  // The strings of `oauth` (client IDs, secrets, keys, tokens, endpoints) come from variables too.
  const oauth = draft.oauth;
  if (oauth !== null && typeof oauth === "object" && !Array.isArray(oauth)) {
    const record = { ...(oauth as Record<string, unknown>) }; // the parsed file stays as written
    draft.oauth = record;
    for (const [key, value] of Object.entries(record)) {
      if (typeof value !== "string") continue;
      slots.push({
        path: [...draft.path, "oauth", key],
        get: () => String(record[key] ?? ""),
        set: (expanded) => {
          record[key] = expanded;
        },
      });
    }
  }
  return slots;
}
