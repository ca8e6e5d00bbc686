import { buildFirstMessage } from "../../../src/agent/build-first-message.js";
import {
  notAtHeadNote,
  readReviewLineContext,
} from "../../../src/conversation/review-line-context.js";
import type { ReviewCommentFacts } from "../../../src/question/trigger-types.js";
import { FAKE } from "../../helpers/fake-secrets.js";
import { createMemoryCodeReader } from "../../helpers/memory-code-reader.js";
import { noWarnings, warningsLog } from "../../helpers/warnings-log.js";
import { tokenCounter } from "../tools/code-tools-fixture.js";

const SHA = "6dcb09b5b57875f334f61aebed695e2e4193db5e";
// 40 lines: "line 1" … "line 40".
const UPLOAD = Array.from({ length: 40 }, (_, i) => `line ${i + 1}`).join("\n");
const HUNK = [
  "@@ -18,4 +18,5 @@ def upload(path):",
  " line 18",
  "-line 19 old",
  "+line 19",
  "+line 20",
].join("\n");
const ON_ADDED_LINE: ReviewCommentFacts = {
  pullNumber: 1,
  path: "src/upload.py",
  line: 20,
  side: "RIGHT",
  diffHunk: HUNK,
  commitId: SHA,
};
const reader = () => createMemoryCodeReader({ "src/upload.py": UPLOAD }, SHA);
const nothingExcluded = () => false;
const quiet = { log: noWarnings };

describe("readReviewLineContext", () => {
  it("reads the head's lines around a commented line, 15 each side", async () => {
    const context = await readReviewLineContext(
      reader(),
      ON_ADDED_LINE,
      nothingExcluded,
      quiet,
    );
    expect(context.notAtHead).toBeUndefined();
    expect(context.atHead).toMatchObject({ startLine: 5, endLine: 35 });
    expect(context.atHead?.text.split("\n")[15]).toBe("line 20");
    expect(notAtHeadNote(ON_ADDED_LINE)).toBeUndefined();
  });

  it("keeps only the hunk for a line the pull request deletes: it is not at head, and the answer says so", async () => {
    const deleted = { ...ON_ADDED_LINE, side: "LEFT" as const, line: 19 };
    const files = reader();
    const context = await readReviewLineContext(
      files,
      deleted,
      nothingExcluded,
      quiet,
    );
    expect(context).toStrictEqual({
      path: "src/upload.py",
      line: 19,
      diffHunk: HUNK,
      notAtHead: "deleted-line",
    });
    // Line 19 at head is another line: it must not be shown as the commented one.
    expect(files.reads).toStrictEqual([]);
    expect(notAtHeadNote(deleted)).toBe(
      "The commented line (src/upload.py line 19) is one this pull request deletes: it is not in the head commit. This answer reads the head, with the review comment's diff hunk.",
    );
    const first = buildFirstMessage({
      question: "why is this removed?",
      reviewComment: context,
      sha: SHA,
      budget: 4_000,
      tokenCounter,
    });
    expect(first.text).toContain(
      `<data from="diff hunk of src/upload.py">\n${HUNK}\n</data>`,
    );
    expect(first.text).toContain(
      `The commented line is not in the head commit at ${SHA} (the pull request deletes it)`,
    );
    expect(first.seen).toStrictEqual([]);
  });

  it("says an outdated comment (GitHub's line null) is not at head either", async () => {
    const outdated = { ...ON_ADDED_LINE, line: null };
    const context = await readReviewLineContext(
      reader(),
      outdated,
      nothingExcluded,
      quiet,
    );
    expect(context.notAtHead).toBe("outdated");
    expect(notAtHeadNote(outdated)).toContain(
      "is no longer in the pull request's diff (the comment is outdated): it is not in the head commit.",
    );
  });

  it("shows no lines of a path the repository excludes, nor of a file gone at head", async () => {
    expect(
      (await readReviewLineContext(reader(), ON_ADDED_LINE, () => true, quiet))
        .notAtHead,
    ).toBe("unreadable");
    expect(
      (
        await readReviewLineContext(
          reader(),
          { ...ON_ADDED_LINE, path: "src/gone.py" },
          nothingExcluded,
          quiet,
        )
      ).notAtHead,
    ).toBe("unreadable");
  });

  it("redacts a secret in the hunk before the model sees it", async () => {
    const context = await readReviewLineContext(
      reader(),
      { ...ON_ADDED_LINE, diffHunk: `${HUNK}\n+TOKEN = "${FAKE.npm}"` },
      nothingExcluded,
      quiet,
    );
    expect(context.diffHunk).not.toContain(FAKE.npm);
    expect(context.diffHunk).toContain("REDACTED_");
  });

  it("says the lines are unreadable when their read fails, and logs why once", async () => {
    const failure = new Error("GitHub answered 502 Bad Gateway");
    const log = warningsLog();
    const failing = {
      ...reader(),
      readFile: () => Promise.reject(failure),
    };

    const context = await readReviewLineContext(
      failing,
      ON_ADDED_LINE,
      nothingExcluded,
      { log },
    );

    expect(context.notAtHead).toBe("unreadable");
    expect(log.warnings).toStrictEqual([
      [
        { err: failure, path: "src/upload.py" },
        "askcode could not read the lines a review comment is on; the answer says they are unreadable",
      ],
    ]);
  });
});

describe("the first message of a question on a line", () => {
  it("numbers the head's lines in a data block and counts them as seen", async () => {
    const context = await readReviewLineContext(
      reader(),
      ON_ADDED_LINE,
      nothingExcluded,
      quiet,
    );
    const first = buildFirstMessage({
      question: "what does this line do?",
      reviewComment: context,
      sha: SHA,
      budget: 4_000,
      tokenCounter,
    });
    expect(first.text).toContain(
      "# Review comment\nThe question was asked in a review comment on line 20 of src/upload.py",
    );
    expect(first.text).toContain(
      `<data from="file src/upload.py at ${SHA}, lines 5-35">\n5\tline 5\n`,
    );
    expect(first.text).toContain("20\tline 20\n");
    expect(first.seen).toContainEqual({
      path: "src/upload.py",
      startLine: 5,
      endLine: 35,
    });
  });
});
