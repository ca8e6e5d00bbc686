/**
 * The `url` of each submodule in a `.gitmodules` file, by submodule path.
 * Reads only the `path` and `url` keys of `[submodule "…"]` sections, which is
 * all a reader needs to say where a submodule comes from.
 *
 * @example
 * parseGitmodules('[submodule "lib"]\n\tpath = vendor/lib\n\turl = https://github.com/o/lib.git\n')
 * // Map { "vendor/lib" => "https://github.com/o/lib.git" }
 */
export function parseGitmodules(text: string): Map<string, string> {
  const urls = new Map<string, string>();
  let section: { path?: string; url?: string } | undefined;
  const flush = () => {
    if (section?.path && section.url) urls.set(section.path, section.url);
  };
  for (const raw of text.split("\n")) {
    const line = raw.trim();
    if (line.startsWith("[")) {
      flush();
      section = /^\[submodule\s+"[^"]*"\]$/.test(line) ? {} : undefined;
      continue;
    }
    const pair = /^(path|url)\s*=\s*(.*)$/.exec(line);
    if (section && pair?.[1] && pair[2] !== undefined)
      section[pair[1] as "path" | "url"] = pair[2].trim();
  }
  flush();
  return urls;
}
