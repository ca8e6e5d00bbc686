import {
  runGitHubRequestsSequence,
  type RepositoryMode,
  type SequenceResult,
  type SequenceStep,
} from "../../../bench/github-requests-sequence.js";

// A regression guard on the shape of the figures `npm run bench:requests`
// prints, not on their size or speed: the corpus is askcode's own HEAD, which
// moves with every commit.
describe("the GitHub requests of a scripted sequence (bench/github-requests)", () => {
  let result: SequenceResult;
  const step = (mode: RepositoryMode, n: SequenceStep["step"]) => {
    const found = result.steps.find((s) => s.mode === mode && s.step === n);
    if (!found) throw new Error(`No step ${n} in ${mode} mode`);
    return found;
  };

  beforeAll(async () => {
    result = await runGitHubRequestsSequence();
  }, 60_000);

  it("asks the same question again with no request but the branch head's revalidation, a 304, when a snapshot serves the repository", () => {
    const again = step("snapshot", 2);

    expect(again.api).toMatchObject({
      requests: 1,
      notModified: 1,
      misses: 0,
      bytes: 0,
    });
    expect(again.served).toStrictEqual({
      requests: 1,
      notModified: 1,
      bytes: 0,
      endpoints: { commit: { requests: 1, bytes: 0 } },
    });
  });

  it("asks a new question on the same commit with no more requests from a snapshot than through the API", () => {
    const snapshot = step("snapshot", 3);
    const api = step("api", 3);

    expect(snapshot.api.requests).toBeLessThanOrEqual(api.api.requests);
    expect(snapshot.served.requests).toBeLessThanOrEqual(api.served.requests);
    // The snapshot is already in memory: not even the tree is asked for again.
    expect(snapshot.served.requests).toBe(0);
  });

  it("transfers fewer bytes for the repeated question than for the first, in both modes", () => {
    for (const mode of ["snapshot", "api"] as const) {
      expect(step(mode, 2).api.bytes).toBeLessThan(step(mode, 1).api.bytes);
      expect(step(mode, 2).served.bytes).toBeLessThan(
        step(mode, 1).served.bytes,
      );
    }
  });

  it("loads the snapshot once, with the tree, and reads nothing else through the API", () => {
    expect(
      Object.keys(step("snapshot", 1).served.endpoints).sort(),
    ).toStrictEqual(["commit", "repo", "tarball", "tree"]);
    expect(step("api", 1).served.endpoints).toMatchObject({
      search: { requests: 1 },
      contents: expect.objectContaining({ requests: expect.any(Number) }),
    });
  });

  it("counts the same requests, 304s and bytes in the API layer as nock served, with every request answered", () => {
    for (const s of result.steps) {
      expect([
        s.mode,
        s.step,
        s.api.requests,
        s.api.notModified,
        s.api.bytes,
      ]).toStrictEqual([
        s.mode,
        s.step,
        s.served.requests,
        s.served.notModified,
        s.served.bytes,
      ]);
      expect(s.api.staleOnError).toBe(0);
      expect(
        s.log.filter((message) => message.startsWith("warn")),
      ).toStrictEqual([]);
    }
    expect(result.unmatched).toStrictEqual([]);
    expect(result.steps).toHaveLength(6);
  });
});
