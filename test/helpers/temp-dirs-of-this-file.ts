import { makeTempDir, removeDir } from "./temp-repo.js";

// Directories made through this module for the test file that imports it
// (jest evaluates it once per file), removed when that file's tests are done:
// a data directory per app started would otherwise stay in the OS temp
// directory after every run.
const made: string[] = [];
afterAll(() => {
  for (const dir of made.splice(0)) removeDir(dir);
});

/** A fresh temporary directory, removed after the importing file's tests. */
export function tempDirForThisFile(prefix: string): string {
  const dir = makeTempDir(prefix);
  made.push(dir);
  return dir;
}
