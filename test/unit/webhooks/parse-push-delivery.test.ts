import { parsePushDelivery } from "../../../src/webhooks/parse-push-delivery.js";
import { loadWebhook } from "./webhook-fixture.js";

const HEAD = "8f1e2a3b4c5d6e7f8091a2b3c4d5e6f708192a3b";

/** `@octokit/webhooks-examples`' push to the default branch, moved from one commit to another. */
function pushed(change: (payload: Record<string, any>) => void = () => {}) {
  const payload = loadWebhook("push") as unknown as Record<string, any>;
  payload.before = "6113728f27ae82c7b1a177c8d03f9e96e0adf246";
  payload.after = HEAD;
  payload.created = false;
  payload.commits[0].modified = ["src/upload.py"];
  change(payload);
  return payload;
}

describe("parsePushDelivery", () => {
  it("reads a push to the default branch: the head and every path its commits changed", () => {
    const parsed = parsePushDelivery(
      pushed((p) => {
        p.commits.push({
          ...p.commits[0],
          added: [],
          modified: [],
          removed: ["src/old.py"],
        });
      }),
      "delivery-1",
    );
    expect(parsed).toStrictEqual({
      kind: "push",
      push: {
        deliveryId: "delivery-1",
        installationId: 1,
        repositoryId: 186853002,
        owner: "Codertocat",
        repo: "Hello-World",
        htmlUrl: "https://github.com/Codertocat/Hello-World",
        before: "6113728f27ae82c7b1a177c8d03f9e96e0adf246",
        head: HEAD,
        forced: false,
        changedPaths: new Set(["README.md", "src/upload.py", "src/old.py"]),
        commits: [
          {
            sha: "6113728f27ae82c7b1a177c8d03f9e96e0adf246",
            paths: ["README.md", "src/upload.py"],
            cut: false,
          },
          {
            sha: "6113728f27ae82c7b1a177c8d03f9e96e0adf246",
            paths: ["src/old.py"],
            cut: false,
          },
        ],
        followsBefore: true,
      },
    });
  });

  it("cannot list the paths of a push whose commits the payload may not all carry", () => {
    const parsed = parsePushDelivery(
      pushed((p) => {
        p.commits = Array.from({ length: 2048 }, () => p.commits[0]);
      }),
      "delivery-1",
    );
    expect(parsed.kind === "push" && parsed.push.changedPaths).toBeUndefined();
    // Nor say that its first commit follows `before`.
    expect(parsed.kind === "push" && parsed.push.followsBefore).toBe(false);
  });

  it("cannot list the paths of a push with a commit at GitHub's 3,000 paths", () => {
    const parsed = parsePushDelivery(
      pushed((p) => {
        p.commits[0].added = Array.from({ length: 1000 }, (_, i) => `a/${i}`);
        p.commits[0].modified = Array.from(
          { length: 2000 },
          (_, i) => `m/${i}`,
        );
      }),
      "delivery-1",
    );
    expect(parsed.kind === "push" && parsed.push.changedPaths).toBeUndefined();
    expect(parsed).toMatchObject({
      push: { commits: [{ cut: true }], followsBefore: true },
    });
  });

  it("cannot list the paths of a force push: what the commits it dropped had changed is listed nowhere", () => {
    const parsed = parsePushDelivery(
      pushed((p) => (p.forced = true)),
      "delivery-1",
    );
    expect(parsed).toMatchObject({
      kind: "push",
      push: { forced: true, followsBefore: false },
    });
    expect(parsed.kind === "push" && parsed.push.changedPaths).toBeUndefined();
  });

  it.each([
    [
      "a tag",
      (p: Record<string, any>) => (p.ref = "refs/tags/v1.0"),
      "not-default-branch",
    ],
    [
      "another branch",
      (p: Record<string, any>) => (p.ref = "refs/heads/feature"),
      "not-default-branch",
    ],
    [
      "the branch created",
      (p: Record<string, any>) => (p.created = true),
      "branch-created-or-deleted",
    ],
    [
      "the branch deleted",
      (p: Record<string, any>) => {
        p.deleted = true;
        p.after = "0".repeat(40);
      },
      "branch-created-or-deleted",
    ],
    [
      "a repository webhook's push",
      (p: Record<string, any>) => delete p.installation,
      "no-installation",
    ],
    [
      "a payload without the default branch",
      (p: Record<string, any>) => delete p.repository.default_branch,
      "incomplete-payload",
    ],
  ])("ignores %s, saying why", (_what, change, reason) => {
    const parsed = parsePushDelivery(pushed(change), "delivery-1");
    expect(parsed).toMatchObject({ kind: "ignored", reason });
  });
});
