import { createCitationVerifier } from "../../../src/answer/create-citation-verifier.js";
import { groundCitations } from "../../../src/answer/ground-citations.js";
import { createSeenRanges } from "../../../src/answer/seen-ranges.js";
import { createMemoryCodeReader } from "../../helpers/memory-code-reader.js";

const SHA = "9fceb02d0ae598e95dc970b74767f19372d61af8";
const BLOB = `https://github.com/octo/hello/blob/${SHA}`;
const lines = (n: number, name: string) =>
  Array.from({ length: n }, (_, i) => `// ${name} line ${i + 1}`).join("\n");

const files = {
  "src/upload.ts": lines(60, "upload"),
  "src/retry/policy.ts": lines(20, "policy"),
  "lib/upload.ts": lines(10, "lib upload"),
  "docs/guide.md": "# Guide\n",
  "assets/logo.png": new Uint8Array([0x89, 0x50, 0x4e, 0x47]),
  ".env": "TOKEN=x\n",
};

function setup(shownLib = false) {
  const reader = createMemoryCodeReader(files, SHA);
  const seen = createSeenRanges();
  seen.add("src/upload.ts", [1, 40], 300);
  seen.add("src/retry/policy.ts", [1, 20], 120);
  seen.add("assets/logo.png");
  if (shownLib) seen.add("lib/upload.ts", [1, 10], 50);
  const verify = createCitationVerifier(reader, seen);
  return {
    reader,
    ground: (markdown: string) =>
      groundCitations(markdown, {
        owner: "octo",
        repo: "hello",
        sha: SHA,
        verify,
      }),
  };
}

describe("groundCitations", () => {
  it("links real paths at the SHA, in every form a model writes them", async () => {
    const { ground } = setup();
    const { markdown, report } = await ground(
      [
        "The check is `src/upload.ts:9-12`, called from src/upload.ts:30.",
        "See [the policy](src/retry/policy.ts#L3-L5) and `src/upload.ts`.",
      ].join("\n"),
    );
    expect(markdown).toBe(
      [
        `The check is [\`src/upload.ts:9-12\`](${BLOB}/src/upload.ts#L9-L12), called from [src/upload.ts:30](${BLOB}/src/upload.ts#L30).`,
        `See [the policy](${BLOB}/src/retry/policy.ts#L3-L5) and [\`src/upload.ts\`](${BLOB}/src/upload.ts).`,
      ].join("\n"),
    );
    expect(report).toEqual({
      kept: [
        "src/upload.ts:9-12",
        "src/upload.ts:30",
        "src/retry/policy.ts:3-5",
        "src/upload.ts",
      ],
      corrected: [],
      removed: [],
    });
  });

  it("removes a hallucinated path: the text stays, marked as not found, the link goes", async () => {
    const { ground } = setup();
    const { markdown, report } = await ground(
      "Retries live in `src/uploader.ts:3` (see [the uploader](src/uploader.ts)) and https://github.com/octo/hello/blob/main/src/nope.ts#L2.",
    );
    expect(markdown).toBe(
      "Retries live in `src/uploader.ts:3` (not found at `9fceb02`) (see the uploader (not found at `9fceb02`)) and `src/nope.ts#L2` (not found at `9fceb02`).",
    );
    expect(markdown).not.toContain("](");
    expect(report.removed).toEqual([
      {
        citation: "src/uploader.ts:3",
        why: "no file `src/uploader.ts` at `9fceb02`",
      },
      {
        citation: "src/uploader.ts",
        why: "no file `src/uploader.ts` at `9fceb02`",
      },
      { citation: "src/nope.ts:2", why: "no file `src/nope.ts` at `9fceb02`" },
    ]);
  });

  it("clamps lines to the file and to what was shown, and removes lines past the end", async () => {
    const { ground } = setup();
    const { markdown, report } = await ground(
      "Loop: `src/upload.ts:35-80`. Tail: src/upload.ts:200. Policy: src/retry/policy.ts#L18-L30.",
    );
    expect(markdown).toBe(
      `Loop: [\`src/upload.ts:35-40\`](${BLOB}/src/upload.ts#L35-L40). Tail: src/upload.ts:200. ` +
        `Policy: [src/retry/policy.ts#L18-L20](${BLOB}/src/retry/policy.ts#L18-L20).`,
    );
    expect(report.corrected).toEqual([
      {
        from: "src/upload.ts:35-80",
        to: "src/upload.ts:35-40",
        why: "`src/upload.ts` has 60 lines; only lines 1-40 of `src/upload.ts` were shown",
      },
      {
        from: "src/retry/policy.ts:18-30",
        to: "src/retry/policy.ts:18-20",
        why: "`src/retry/policy.ts` has 20 lines",
      },
    ]);
    expect(report.removed).toEqual([
      {
        citation: "src/upload.ts:200",
        why: "`src/upload.ts:200` is past the end of `src/upload.ts` (60 lines)",
      },
    ]);
  });

  it("removes lines of a shown file that were never shown", async () => {
    const { ground } = setup();
    const { markdown, report } = await ground(
      "Cleanup is at `src/upload.ts:50-55`.",
    );
    expect(markdown).toBe("Cleanup is at `src/upload.ts:50-55`.");
    expect(report.removed).toEqual([
      {
        citation: "src/upload.ts:50-55",
        why: "`src/upload.ts:50-55` was never shown (the run showed lines 1-40 of `src/upload.ts`)",
      },
    ]);
  });

  it("rewrites a link at main (or a branch with slashes) to the SHA after checking it", async () => {
    const { ground } = setup();
    const { markdown, report } = await ground(
      [
        "https://github.com/octo/hello/blob/main/src/upload.ts#L9-L12",
        '[upload](https://github.com/Octo/Hello/blob/feature/retry/src/upload.ts#L3 "the upload")',
        "<https://github.com/octo/hello/tree/main/src/retry/policy.ts>",
      ].join("\n"),
    );
    expect(markdown).toBe(
      [
        `${BLOB}/src/upload.ts#L9-L12`,
        `[upload](${BLOB}/src/upload.ts#L3 "the upload")`,
        `<${BLOB}/src/retry/policy.ts>`,
      ].join("\n"),
    );
    expect(report.kept).toEqual([
      "src/upload.ts:9-12",
      "src/upload.ts:3",
      "src/retry/policy.ts",
    ]);
  });

  it("leaves other repositories' links, and this repository's links that are not code, alone", async () => {
    const { ground, reader } = setup();
    const text = [
      "Upstream: https://github.com/other/lib/blob/main/src/upload.ts#L1-L3",
      "[their retry](https://github.com/other/lib/blob/v2/src/upload.ts)",
      "Tracked in https://github.com/octo/hello/issues/12 and [the PR](https://github.com/octo/hello/pull/13).",
      "Docs: https://docs.github.com/en/rest and [the spec](#retries).",
    ].join("\n");
    const { markdown, report } = await ground(text);
    expect(markdown).toBe(text);
    expect(report).toEqual({ kept: [], corrected: [], removed: [] });
    expect(reader.reads).toEqual([]);
  });

  it("removes an existing file the run never showed, and corrects a bare name to the one shown file", async () => {
    const { ground } = setup();
    const { markdown, report } = await ground(
      "See `docs/guide.md`, [the guide](docs/guide.md) and `policy.ts:4`.",
    );
    expect(markdown).toBe(
      `See \`docs/guide.md\`, the guide and [\`src/retry/policy.ts:4\`](${BLOB}/src/retry/policy.ts#L4).`,
    );
    expect(report.removed).toEqual([
      {
        citation: "docs/guide.md",
        why: "`docs/guide.md` exists but was not among the files this run read",
      },
    ]);
    expect(report.corrected).toEqual([
      {
        from: "policy.ts:4",
        to: "src/retry/policy.ts:4",
        why: "`policy.ts` is `src/retry/policy.ts`, the one file shown whose path ends with it",
      },
    ]);
  });

  it("removes a bare name that could be either of two shown files", async () => {
    const { ground } = setup(true);
    const { markdown, report } = await ground("It is in `upload.ts:3`.");
    expect(markdown).toBe("It is in `upload.ts:3`.");
    expect(report.removed).toEqual([
      {
        citation: "upload.ts:3",
        why: "`upload.ts` could be any of `src/upload.ts`, `lib/upload.ts`",
      },
    ]);
  });

  it("never links a secret file, a directory or a path outside the repository", async () => {
    const { ground } = setup();
    const { markdown, report } = await ground(
      "Not [the env](.env), not [src](https://github.com/octo/hello/tree/main/src/retry), not [up](../upload.ts:3).",
    );
    expect(markdown).toBe("Not the env, not src, not up.");
    expect(report.removed.map((r) => r.why)).toEqual([
      "`.env` may hold secrets; askcode does not read or link it",
      "`src/retry` is a directory, not a file",
      "`../upload.ts` is not a path inside the repository",
    ]);
  });

  it("rewrites link text that only repeats a corrected citation, and keeps text that says more", async () => {
    const { ground } = setup();
    const url = "https://github.com/octo/hello/blob/main/src/upload.ts#L35-L80";
    const { markdown } = await ground(
      `[\`src/upload.ts:35-80\`](src/upload.ts#L35-L80), [the loop](src/upload.ts#L35-L80), [${url}](${url})`,
    );
    const fixed = `${BLOB}/src/upload.ts#L35-L40`;
    expect(markdown).toBe(
      `[\`src/upload.ts:35-40\`](${fixed}), [the loop](${fixed}), [${fixed}](${fixed})`,
    );
  });

  it("pins reference definitions, and drops one that names nothing real", async () => {
    const { ground } = setup();
    const { markdown } = await ground(
      [
        "See [the check][1] and [the helper][2].",
        "",
        "[1]: https://github.com/octo/hello/blob/main/src/upload.ts#L9",
        '[2]: src/helpers.ts "helpers"',
      ].join("\n"),
    );
    expect(markdown).toBe(
      [
        "See [the check][1] and [the helper][2].",
        "",
        `[1]: ${BLOB}/src/upload.ts#L9`,
        "",
      ].join("\n"),
    );
  });

  it("links a binary file without lines", async () => {
    const { ground } = setup();
    const { markdown } = await ground("The logo, `assets/logo.png:3`.");
    expect(markdown).toBe(
      `The logo, [\`assets/logo.png\`](${BLOB}/assets/logo.png).`,
    );
  });

  it("does not touch code blocks, and reads each cited file once", async () => {
    const { ground, reader } = setup();
    const fenced = "```ts\n// src/upload.ts:9\nconst p = `src/upload.ts`;\n```";
    const { markdown } = await ground(
      `${fenced}\n\`src/upload.ts:9\` and \`src/upload.ts:10\` and src/upload.ts:11`,
    );
    expect(markdown.startsWith(fenced + "\n[`src/upload.ts:9`]")).toBe(true);
    expect(reader.reads).toEqual(["src/upload.ts"]);
  });
});
