import {
  BENCH_USAGE,
  DEFAULT_DATA,
  DEFAULT_MIRRORS,
  parseBenchArgs,
} from "../../../../bench/swebench/parse-bench-args.js";

describe("parseBenchArgs", () => {
  it("defaults to paths inside the repository", () => {
    const args = parseBenchArgs([], {});
    expect(args).toMatchObject({
      data: "bench/data/swebench.jsonl",
      dataFrom: "default",
      mirrors: "bench/mirrors",
      mirrorsFrom: "default",
      mirrorLayout: "{owner}+{name}/repo",
      budgets: [8000, 13000, 27000, 50000],
      out: "bench/results/swebench.json",
      model: "gpt-4o",
      help: false,
    });
  });

  it("takes SWEBENCH_DATA and SWEBENCH_MIRRORS over the defaults, and options over both", () => {
    const env = {
      SWEBENCH_DATA: "/data/lite.jsonl",
      SWEBENCH_MIRRORS: "/srv/mirrors",
    };
    expect(parseBenchArgs([], env)).toMatchObject({
      data: "/data/lite.jsonl",
      dataFrom: "environment",
      mirrors: "/srv/mirrors",
      mirrorsFrom: "environment",
    });
    expect(
      parseBenchArgs(["--data", "x.jsonl", "--mirrors", "m"], env),
    ).toMatchObject({
      data: "x.jsonl",
      dataFrom: "option",
      mirrors: "m",
      mirrorsFrom: "option",
    });
    // `SWEBENCH_DATA=` in a shell or .env means unset.
    expect(parseBenchArgs([], { SWEBENCH_DATA: "" }).dataFrom).toBe("default");
  });

  it("reads every option, and refuses what it does not understand", () => {
    const args = parseBenchArgs(
      [
        "--budgets",
        "50000,8000",
        "--repo",
        "psf/requests",
        "--limit",
        "3",
        "--per-repo",
        "2",
        "--instance",
        "x",
        "--instance",
        "y",
        "--mirror-layout",
        "{owner}/{name}.git",
      ],
      {},
    );
    expect(args).toMatchObject({
      budgets: [8000, 50000],
      repo: "psf/requests",
      limit: 3,
      perRepo: 2,
      instances: ["x", "y"],
      mirrorLayout: "{owner}/{name}.git",
    });
    expect(() => parseBenchArgs(["--budgets", "13k"], {})).toThrow(
      /--budgets must be positive integers/,
    );
    expect(() => parseBenchArgs(["--limit", "0"], {})).toThrow(/--limit/);
    expect(() => parseBenchArgs(["--per-repo", "two"], {})).toThrow(
      /--per-repo must be a positive integer, got "two"/,
    );
    expect(() => parseBenchArgs(["--budget", "1"], {})).toThrow(
      /Unknown option/,
    );
    expect(() => parseBenchArgs(["dev.jsonl"], {})).toThrow(/positional/);
  });

  it("reads --help and -h", () => {
    expect(parseBenchArgs(["--help"], {}).help).toBe(true);
    expect(parseBenchArgs(["-h"], {}).help).toBe(true);
  });
});

describe("BENCH_USAGE", () => {
  it("names the defaults, the variables that change them, and where the data comes from", () => {
    expect(BENCH_USAGE).toContain(
      `$SWEBENCH_DATA,\n                         else ${DEFAULT_DATA}`,
    );
    expect(BENCH_USAGE).toContain(
      `$SWEBENCH_MIRRORS,\n                         else ${DEFAULT_MIRRORS}`,
    );
    expect(BENCH_USAGE).toContain(
      "https://huggingface.co/datasets/princeton-nlp/SWE-bench",
    );
    expect(BENCH_USAGE).toContain(`.to_json('${DEFAULT_DATA}')`);
    expect(BENCH_USAGE).toContain(
      `git clone --mirror https://github.com/psf/requests.git ${DEFAULT_MIRRORS}/psf+requests/repo`,
    );
    expect(BENCH_USAGE).not.toMatch(/\.\.\/|\/work\//);
  });

  it("reads the github mode, forced candidates and history repositories", () => {
    const args = parseBenchArgs(
      [
        "--via",
        "github",
        "--candidates",
        "--repo-at",
        "/srv/mirrors/apache+kafka/repo@trunk",
        "--repo-at",
        "/srv/a@b/repo@0123abc",
        "--history",
        "4",
      ],
      {},
    );
    expect(args).toMatchObject({
      via: "github",
      candidates: true,
      repoAt: [
        { mirror: "/srv/mirrors/apache+kafka/repo", commit: "trunk" },
        { mirror: "/srv/a@b/repo", commit: "0123abc" },
      ],
      historyQuestions: 4,
    });
    expect(parseBenchArgs([], {})).toMatchObject({
      via: "local",
      candidates: false,
      repoAt: [],
      historyQuestions: 10,
    });
  });

  it("refuses a mode it does not know, candidates without github, and a malformed --repo-at or --history", () => {
    expect(() => parseBenchArgs(["--via", "gitlab"], {})).toThrow(
      /--via must be "local" or "github", got "gitlab"/,
    );
    expect(() => parseBenchArgs(["--candidates"], {})).toThrow(
      /--candidates needs --via github/,
    );
    expect(() => parseBenchArgs(["--repo-at", "/srv/kafka"], {})).toThrow(
      /--repo-at must be MIRROR@REF.*"\/srv\/kafka"/,
    );
    expect(() => parseBenchArgs(["--repo-at", "/srv/kafka@"], {})).toThrow(
      /--repo-at must be MIRROR@REF/,
    );
    expect(() => parseBenchArgs(["--history", "0"], {})).toThrow(
      /--history must be a positive integer, got "0"/,
    );
  });

  it("reads the two-stage index and its top files, off by default", () => {
    expect(parseBenchArgs([], {})).toMatchObject({ lazyIndex: false });
    expect(parseBenchArgs([], {}).lazyTopFiles).toBeUndefined();
    expect(
      parseBenchArgs(["--lazy-index", "--lazy-top-files", "30"], {}),
    ).toMatchObject({ lazyIndex: true, lazyTopFiles: 30 });
    expect(() => parseBenchArgs(["--lazy-top-files", "0"], {})).toThrow(
      /--lazy-top-files must be a positive integer, got "0"/,
    );
  });

  it("takes a split and the part to run together, and refuses either alone or an unknown part", () => {
    expect(
      parseBenchArgs(
        ["--split", "bench/train/split.json", "--part", "held-out"],
        {},
      ).split,
    ).toEqual({ path: "bench/train/split.json", part: "held-out" });
    expect(parseBenchArgs([], {}).split).toBeUndefined();
    expect(() => parseBenchArgs(["--part", "training"], {})).toThrow(
      "--split and --part go together",
    );
    expect(() => parseBenchArgs(["--split", "s.json"], {})).toThrow(
      "--split and --part go together",
    );
    expect(() =>
      parseBenchArgs(["--split", "s.json", "--part", "test"], {}),
    ).toThrow('--part must be "held-out" or "training", got "test"');
  });

  it("reads the vocabulary bridge's weight and cap, and refuses a weight outside 0 to 1", () => {
    expect(parseBenchArgs([], {}).bridgeWeight).toBeUndefined();
    expect(
      parseBenchArgs(["--bridge-weight", "0.2", "--bridge-cap", "6"], {}),
    ).toMatchObject({ bridgeWeight: 0.2, bridgeCap: 6 });
    expect(() => parseBenchArgs(["--bridge-weight", "2"], {})).toThrow(
      '--bridge-weight must be a number from 0 to 1, got "2"',
    );
  });

  it("packs in the chunk model's order only when asked, since askcode leaves it off", () => {
    expect(parseBenchArgs([], {}).chunkModel).toBe(false);
    expect(parseBenchArgs(["--chunk-model"], {}).chunkModel).toBe(true);
  });

  it("takes a file of packing variants to score on each question's one ranking", () => {
    expect(parseBenchArgs([], {}).variants).toBeUndefined();
    expect(parseBenchArgs(["--variants", "/tmp/grid.json"], {}).variants).toBe(
      "/tmp/grid.json",
    );
  });

  it("reads the chunk options to index with, none by default, and refuses them where they would not apply", () => {
    expect(parseBenchArgs([], {}).chunk).toBeUndefined();
    expect(
      parseBenchArgs(
        ["--chunk-max-tokens", "200", "--chunk-merge-tokens", "100"],
        {},
      ).chunk,
    ).toEqual({ maxTokens: 200, mergeTokens: 100 });
    expect(parseBenchArgs(["--chunk-merge-tokens", "75"], {}).chunk).toEqual({
      mergeTokens: 75,
    });
    expect(() => parseBenchArgs(["--chunk-max-tokens", "2.5"], {})).toThrow(
      /--chunk-max-tokens must be a positive whole number of tokens, got "2\.5"/,
    );
    expect(() =>
      parseBenchArgs(["--via", "github", "--chunk-max-tokens", "200"], {}),
    ).toThrow(/cut the local index only/);
    expect(BENCH_USAGE).toContain("--chunk-max-tokens N");
  });
});
