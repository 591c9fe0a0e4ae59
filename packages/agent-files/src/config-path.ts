/**
 * A location inside a config file: keys and list indexes from the root. Shown as
 * `mcpServers.github.env.TOKEN` by `formatConfigPath` (`@tinyloop/errors`' `formatKeyPath`).
 */
export type ConfigPath = ReadonlyArray<string | number>;
