// A requirement's project name (PEP 508), then what may follow it: extras,
// a version specifier, a marker, a URL, or nothing.
const REQUIREMENT =
  /^\s*([A-Za-z0-9](?:[A-Za-z0-9._-]*[A-Za-z0-9])?)\s*(?=$|[[<>=!~;@,(\s])/;

/**
 * The name a Python project is imported by, as far as its distribution name
 * says: lowercased, with runs of `-`, `_` and `.` as one `_` (PEP 503's
 * normalization, spelled the way a module name is). `charset-normalizer` is
 * imported as `charset_normalizer`; a project imported by another name
 * entirely (PyYAML as `yaml`) is not matched.
 *
 * @example
 * pythonModuleName("Charset-Normalizer") // "charset_normalizer"
 */
export function pythonModuleName(name: string): string {
  return name.toLowerCase().replace(/[-_.]+/g, "_");
}

/**
 * The project a requirement string names (`"urllib3>=1.26,<3"`,
 * `"requests[socks]"`, `"idna ; python_version < '3'"`), or undefined for
 * what is no requirement (an option such as `-r other.txt`, a bare URL).
 *
 * @example
 * requirementName("urllib3>=1.26,<3") // "urllib3"
 * requirementName("-e .")             // undefined
 */
export function requirementName(spec: string): string | undefined {
  return REQUIREMENT.exec(spec)?.[1];
}
