import { rankOver } from "../../../helpers/rank-over.js";
import type { RankedChunk } from "../../../../src/retrieval/rank/rank-chunks.js";
import { RANK_WEIGHTS } from "../../../../src/retrieval/rank/rank-weights.js";
import { FITTED_WEIGHTS } from "../../../../src/retrieval/rank/fitted-weights.js";
import type { SourceFile } from "../../../../src/retrieval/types.js";

const files: SourceFile[] = [
  {
    path: "src/parser.c",
    text: [
      '#include "parser.h"',
      "",
      "int parse_config(const char *path) {",
      "  /* parse_config reads the config tokens one by one */",
      "  return parse_config_tokens(path);",
      "}",
      "",
    ].join("\n"),
  },
  {
    path: "src/parser.h",
    text: "#ifndef PARSER_H\n#define PARSER_H\nstruct options { int verbose; };\n#endif\n",
  },
  {
    path: "src/log.c",
    text: "void log_line(const char *s) {\n  /* prints config */\n  puts(s);\n}\n",
  },
  {
    path: "pkg/api.py",
    text: [
      "def handle_request(request):",
      '    """Handle the request: dispatch it with its headers."""',
      "    headers = fold_case(request.headers)",
      "    return dispatch(request, headers)",
      "",
    ].join("\n"),
  },
  {
    path: "pkg/casing.py",
    text: "def fold_case(raw):\n    return {k.lower(): v for k, v in raw.items()}\n",
  },
  {
    path: "pkg/server.py",
    text: [
      "def serve_forever(app):",
      "    while True:",
      "        app.wake()",
      "        app.refresh_session_tokens()",
      "",
    ].join("\n"),
  },
  {
    path: "pkg/tokens.py",
    text: [
      "def refresh_session_tokens(store):",
      '    """Renew the session tokens that expire within the hour."""',
      "    for token in store.expiring(hours=1):",
      "        token.renew()",
      "",
    ].join("\n"),
  },
  {
    path: "pkg/misc.py",
    text: "def log_everything(message):\n    print('request', message)\n",
  },
];
const rank = rankOver(files);

// A bus whose one function is called from n other files.
const busWithCallers = (n: number): SourceFile[] => [
  {
    path: "pkg/bus.py",
    text: 'def publish_event(event):\n    """The event bus delivers events in order."""\n    queue.append(event)\n',
  },
  ...Array.from({ length: n }, (_, i) => ({
    path: `pkg/handler_${i}.py`,
    text: `def handle_${i}(item):\n    publish_event(item)\n`,
  })),
];
const rankMany: Record<number, ReturnType<typeof rankOver>> = {
  3: rankOver(busWithCallers(3)),
  [RANK_WEIGHTS.maxCallers + 1]: rankOver(
    busWithCallers(RANK_WEIGHTS.maxCallers + 1),
  ),
};
const position = (ranked: RankedChunk[], path: string): number =>
  ranked.findIndex((r) => r.chunk.path === path);

describe("rankChunks cross-file evidence", () => {
  it("ranks the header of the best source file, with no word of the question, above a file that matches one word", () => {
    const ranked = rank("parse_config crashes when it reads config tokens");
    expect(ranked[0]?.chunk.path).toBe("src/parser.c");
    const header = ranked[position(ranked, "src/parser.h")];
    expect(header?.matchedTerms).toEqual([]);
    expect(header?.why).toContainEqual({
      kind: "counterpart",
      detail: "header of src/parser.c (file ranked #1)",
      points: expect.closeTo(FITTED_WEIGHTS.counterpart * ranked[0]!.score, 6),
    });
    // Its whole score is that share: below the source that pointed at it.
    expect(header?.score).toBeCloseTo(
      FITTED_WEIGHTS.counterpart * ranked[0]!.score,
      6,
    );
    expect(position(ranked, "src/parser.h")).toBeLessThan(
      position(ranked, "src/log.c"),
    );
  });

  it("ranks the chunk declaring a name the best chunk uses, one hop, below that chunk, when that hop counts", () => {
    const ranked = rank("handle_request drops the request headers", {
      weights: { ...FITTED_WEIGHTS, defines: 0.3 },
    });
    expect(ranked[0]?.chunk.path).toBe("pkg/api.py");
    const declaring = ranked[position(ranked, "pkg/casing.py")];
    expect(declaring?.chunk.defines).toContain("fold_case");
    expect(declaring?.why).toContainEqual({
      kind: "defines",
      detail: "declares fold_case, used by pkg/api.py:1 (chunk ranked #1)",
      points: expect.any(Number),
    });
    expect(declaring!.score).toBeLessThan(ranked[0]!.score);
    expect(position(ranked, "pkg/casing.py")).toBeLessThan(
      position(ranked, "pkg/misc.py"),
    );
    for (const r of ranked)
      expect(r.why.reduce((sum, w) => sum + w.points, 0)).toBeCloseTo(
        r.score,
        6,
      );
  });

  it("ranks the chunk calling a name the best chunk declares, one hop in, when callers count", () => {
    const question = "session tokens that expire are renewed too late";
    const withCallers = rank(question, {
      weights: { ...FITTED_WEIGHTS, caller: 0.3 },
    });
    expect(withCallers[0]?.chunk.path).toBe("pkg/tokens.py");
    const caller = withCallers[position(withCallers, "pkg/server.py")];
    expect(caller?.why).toContainEqual({
      kind: "caller",
      detail:
        "uses refresh_session_tokens, declared by pkg/tokens.py:1 (chunk ranked #1)",
      points: expect.any(Number),
    });
    // A share of the first ranking's score: never above the chunk it came from.
    expect(caller!.score).toBeLessThan(withCallers[0]!.score);
    const without = rank(question, {
      weights: { ...FITTED_WEIGHTS, caller: 0 },
    });
    expect(
      without.flatMap((r) => r.why).filter((w) => w.kind === "caller"),
    ).toEqual([]);
    const score = (ranked: RankedChunk[]) =>
      ranked[position(ranked, "pkg/server.py")]?.score ?? 0;
    expect(score(withCallers)).toBeGreaterThan(score(without));
  });

  it("follows no caller of a name more chunks use than maxCallers: it points at none of them", () => {
    const question = "the event bus delivers events out of order";
    const callers = (n: number) =>
      rankMany[n]!(question, { weights: { ...FITTED_WEIGHTS, caller: 0.3 } })
        .flatMap((r) => r.why)
        .filter((w) => w.kind === "caller").length;
    expect(callers(3)).toBe(3);
    expect(callers(RANK_WEIGHTS.maxCallers + 1)).toBe(0);
  });
});
