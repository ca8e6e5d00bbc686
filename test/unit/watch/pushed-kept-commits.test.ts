import { pushedKeptCommits } from "../../../src/watch/pushed-kept-commits.js";
import { parsePushDelivery } from "../../../src/webhooks/parse-push-delivery.js";
import type { PushFacts } from "../../../src/watch/push-facts.js";
import { loadWebhook } from "../webhooks/webhook-fixture.js";

const BEFORE = "6113728f27ae82c7b1a177c8d03f9e96e0adf246";
const FIRST = "1b2c3d4e5f60718293a4b5c6d7e8f90a1b2c3d4e";
const SECOND = "8f1e2a3b4c5d6e7f8091a2b3c4d5e6f708192a3b";

/** `@octokit/webhooks-examples`' push, made a push of two commits to the default branch. */
function push(
  change: (payload: Record<string, any>) => void = () => {},
): PushFacts {
  const payload = loadWebhook("push") as unknown as Record<string, any>;
  const [listed] = payload.commits;
  payload.before = BEFORE;
  payload.after = SECOND;
  payload.created = false;
  payload.commits = [
    {
      ...listed,
      id: FIRST,
      added: ["src/retry.rs"],
      removed: ["src/old.rs"],
      modified: ["CHANGELOG.md"],
    },
    {
      ...listed,
      id: SECOND,
      added: [],
      removed: [],
      modified: ["CHANGELOG.md", "src/lib.rs"],
    },
  ];
  change(payload);
  const parsed = parsePushDelivery(payload, "delivery-1");
  if (parsed.kind !== "push") throw new Error(parsed.detail);
  return parsed.push;
}

describe("pushedKeptCommits", () => {
  it("keeps a push's commits in order, the first after the commit the branch was at", () => {
    expect(pushedKeptCommits(push(), 30)).toStrictEqual([
      {
        sha: FIRST,
        previous: BEFORE,
        files: ["src/retry.rs", "src/old.rs", "CHANGELOG.md"],
      },
      { sha: SECOND, previous: FIRST, files: ["CHANGELOG.md", "src/lib.rs"] },
    ]);
  });

  it("does not say what came before a force push's first commit: `before` may be gone from the branch", () => {
    const kept = pushedKeptCommits(
      push((p) => (p.forced = true)),
      30,
    );
    expect(kept[0]).toStrictEqual({
      sha: FIRST,
      files: ["src/retry.rs", "src/old.rs", "CHANGELOG.md"],
    });
    expect(kept[1]).toMatchObject({ previous: FIRST });
  });

  it("keeps the place of a commit over the files the tier reads, or whose paths GitHub may have cut, with no files", () => {
    expect(pushedKeptCommits(push(), 2).map((c) => c.files)).toStrictEqual([
      [],
      ["CHANGELOG.md", "src/lib.rs"],
    ]);
    const cut = push((p) => {
      p.commits[1].modified = Array.from({ length: 3000 }, (_, i) => `m/${i}`);
    });
    expect(pushedKeptCommits(cut, 30)[1]).toStrictEqual({
      sha: SECOND,
      previous: FIRST,
      files: [],
    });
  });
});
