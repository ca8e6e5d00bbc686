import { spawnSync } from "node:child_process";

const ROOT = new URL("../../", import.meta.url).pathname;

/** What `git check-ignore` says of `path` in this checkout: ignored or not. */
const ignored = (path: string) =>
  spawnSync("git", ["check-ignore", "--quiet", "--no-index", path], {
    cwd: ROOT,
  }).status === 0;

// The README's Docker path puts the app's key at askcode.pem in the clone,
// and the manifest flow writes the key into .env: neither may be one
// `git add .` away from a commit.
describe(".gitignore", () => {
  it.each(["askcode.pem", "deploy/askcode.pem", ".env", ".env.production"])(
    "keeps %s out of commits",
    (path) => {
      expect(ignored(path)).toBe(true);
    },
  );

  it("tracks .env.example, the template", () => {
    expect(ignored(".env.example")).toBe(false);
  });
});
