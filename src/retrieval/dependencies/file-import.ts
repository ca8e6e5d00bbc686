/** One import statement of a file. */
export interface FileImport {
  /**
   * The module as the code names it: "router", "node:fs", "@scope/pkg/sub",
   * "./view", "urllib3.util.retry", ".models", "serde", "github.com/x/y".
   */
  specifier: string;
  /** The names it binds in the file: "Router" for `var Router = require('router')`, "Retry" for `from urllib3.util.retry import Retry`. */
  bindings: string[];
  /** The statement's first line, 1-based. */
  line: number;
}
