import type { LineHistory } from "../../../src/code-host/line-history.js";
import { renderAnswerComment } from "../../../src/answer/render-answer-comment.js";
import { renderLineHistory } from "../../../src/answer/render-line-history.js";

const SHA = "6dcb09b5b57875f334f61aebed695e2e4193db5e";
const repository = { owner: "octo-org", repo: "hello-world", sha: SHA };
const commit = (n: number, headline: string) => ({
  sha: n.toString(16).repeat(40).slice(0, 40),
  headline,
  committedAt: "2025-03-04T05:06:07Z",
});

function history(over: Partial<LineHistory>): LineHistory {
  return {
    path: "src/upload.ts",
    startLine: 1,
    endLine: 9,
    ranges: [],
    limits: [],
    ...over,
  };
}

describe("renderLineHistory", () => {
  it("gives one line per commit, its pull request, a squash, a move and the limits", () => {
    expect(
      renderLineHistory(
        [
          history({
            ranges: [
              {
                startLine: 1,
                endLine: 1,
                commit: commit(1, "Add the client"),
                previousPath: "lib/client.ts",
              },
              {
                startLine: 2,
                endLine: 3,
                commit: {
                  ...commit(2, "Retry twice"),
                  pullRequest: {
                    number: 12,
                    title: "Retry failed uploads",
                    merged: true,
                  },
                },
              },
              {
                startLine: 4,
                endLine: 6,
                commit: commit(1, "Add the client"),
                previousPath: "lib/client.ts",
              },
            ],

            limits: ["This checkout's history is shallow."],
          }),
          history({
            path: "src/timeout.ts",
            startLine: 3,
            endLine: 4,
            ranges: [
              {
                startLine: 3,
                endLine: 4,
                commit: {
                  ...commit(3, "Time out after 30 s (#34)"),
                  pullRequest: { number: 34, title: "Time out", merged: false },
                },
              },
            ],
          }),
        ],

        repository,
      ),
    ).toMatchInlineSnapshot(`
     "**History of the cited lines**

     - [\`src/upload.ts\`, lines 1 and 4-6](https://github.com/octo-org/hello-world/blob/6dcb09b5b57875f334f61aebed695e2e4193db5e/src/upload.ts#L1): [\`1111111\`](https://github.com/octo-org/hello-world/commit/1111111111111111111111111111111111111111) Add the client (2025-03-04); moved from \`lib/client.ts\` since
     - [\`src/upload.ts\`, lines 2-3](https://github.com/octo-org/hello-world/blob/6dcb09b5b57875f334f61aebed695e2e4193db5e/src/upload.ts#L2-L3): [\`2222222\`](https://github.com/octo-org/hello-world/commit/2222222222222222222222222222222222222222) Retry twice (2025-03-04), pull request [#12 Retry failed uploads](https://github.com/octo-org/hello-world/pull/12)
     - [\`src/upload.ts\`, lines 1-9](https://github.com/octo-org/hello-world/blob/6dcb09b5b57875f334f61aebed695e2e4193db5e/src/upload.ts#L1-L9): This checkout's history is shallow.
     - [\`src/timeout.ts\`, lines 3-4](https://github.com/octo-org/hello-world/blob/6dcb09b5b57875f334f61aebed695e2e4193db5e/src/timeout.ts#L3-L4): [\`3333333\`](https://github.com/octo-org/hello-world/commit/3333333333333333333333333333333333333333) Time out after 30 s (#34) (2025-03-04), in open pull request [#34 Time out](https://github.com/octo-org/hello-world/pull/34)
     - [\`src/timeout.ts\`, lines 3-4](https://github.com/octo-org/hello-world/blob/6dcb09b5b57875f334f61aebed695e2e4193db5e/src/timeout.ts#L3-L4): These lines came in one squashed commit: the commits of pull request #34 are not in the history, its page has them."
    `);
  });

  it("is empty with nothing to show", () => {
    expect(renderLineHistory([], repository)).toBe("");
  });

  it("keeps to twelve lines, saying how many more there are", () => {
    const ranges = Array.from({ length: 15 }, (_, i) => ({
      startLine: i + 1,
      endLine: i + 1,
      commit: commit(i + 1, `Change ${i + 1}`),
    }));
    const lines = renderLineHistory([history({ ranges })], repository).split(
      "\n",
    );
    expect(lines).toHaveLength(2 + 13);
    expect(lines.at(-1)).toBe(
      "- … and 3 more, in the blame view of each place.",
    );
  });

  it("posts a headline's mentions, closing keywords, links and Markdown inert", async () => {
    const section = renderLineHistory(
      [
        history({
          ranges: [
            {
              startLine: 1,
              endLine: 1,
              commit: commit(
                1,
                "Fix [the bug](https://evil.test/x) for @octocat, closes #3",
              ),
            },
            {
              startLine: 2,
              endLine: 2,
              commit: commit(2, "Thanks @hubot, fixes #4 **now**"),
            },
          ],
        }),
      ],
      repository,
    );
    const { body } = await renderAnswerComment({
      answer: "The answer.",
      repository,
      context: [],
      history: section,
    });
    // Each mention and closing keyword inside a code span, where GitHub acts on neither.
    expect(body).toContain(
      "`Fix [the bug](https://evil.test/x) for @octocat, closes #3`",
    );
    expect(body).toContain("Thanks `@hubot`, fixes ``#4`` \\*\\*now\\*\\*");
  });
});
