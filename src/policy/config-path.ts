// Formats whose values are strings unless quoted otherwise: env files,
// `.ini` and its relatives, Java properties, TOML, YAML.
const CONFIG_FILE =
  /(?:^|\/)(?:\.env[^/]*|[^/]*\.(?:env|envrc|ini|cfg|conf|cnf|properties|toml|ya?ml))$/i;

/**
 * True when `path` names a configuration file, where an unquoted value
 * after a secret-named key is a value (`password = hunter`), not a name.
 *
 * @example
 * isConfigPath("config/database.yml") // true
 * isConfigPath("src/settings.py")     // false
 */
export function isConfigPath(path: string): boolean {
  return CONFIG_FILE.test(path);
}
