import { gitRefusal } from "../../../../src/code-host/local/git-refusal.js";

// What git 2.39.5 wrote to stderr for `git rev-parse` in a repository owned
// by another user (uid 12345, read as root), captured from a real run.
const DUBIOUS_OWNERSHIP = `fatal: detected dubious ownership in repository at '/mnt/their-app'
To add an exception for this directory, call:

	git config --global --add safe.directory /mnt/their-app`;

describe("gitRefusal", () => {
  it("names git's complaint about the repository's owner, and the command that fixes it", () => {
    expect(gitRefusal(DUBIOUS_OWNERSHIP)).toBe(
      'git refuses to read /mnt/their-app: it is owned by another user (git: "detected dubious ownership"). If you trust it, run `git config --global --add safe.directory /mnt/their-app` and ask again.',
    );
  });

  it("says nothing for a directory that is simply not a repository", () => {
    expect(
      gitRefusal(
        "fatal: not a git repository (or any of the parent directories): .git",
      ),
    ).toBeUndefined();
  });
});
