import type { ManifestReading } from "./declared-dependency.js";
import { readCargoToml } from "./read-cargo-toml.js";
import { readGoMod } from "./read-go-mod.js";
import { readPackageJson } from "./read-package-json.js";
import {
  isRequirementsFile,
  readPythonManifest,
} from "./read-python-manifest.js";

// By file name, lowercased.
const READERS = new Map<
  string,
  (path: string, text: string) => ManifestReading
>([
  ["package.json", readPackageJson],
  ["pyproject.toml", readPythonManifest],
  ["setup.py", readPythonManifest],
  ["setup.cfg", readPythonManifest],
  ["cargo.toml", readCargoToml],
  ["go.mod", readGoMod],
]);

/**
 * What a manifest declares, when the path is one askcode reads (package.json,
 * the Python manifests, Cargo.toml, go.mod); undefined for any other file.
 *
 * @example
 * readManifest("lib/app.js", text)        // undefined
 * readManifest("package.json", text)?.own // ["express"]
 */
export function readManifest(
  path: string,
  text: string,
): ManifestReading | undefined {
  const name = path.slice(path.lastIndexOf("/") + 1).toLowerCase();
  const read =
    READERS.get(name) ??
    (isRequirementsFile(path) ? readPythonManifest : undefined);
  return read?.(path, text);
}
