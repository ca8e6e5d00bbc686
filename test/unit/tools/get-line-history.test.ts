import {
  createLocalCodeHost,
  type LocalCodeHost,
} from "../../../src/code-host/local/local-code-host.js";
import { createCodeTools } from "../../../src/tools/create-code-tools.js";
import { GET_LINE_HISTORY } from "../../../src/tools/get-line-history.js";
import { invokeTool } from "../../../src/tools/invoke-tool.js";
import { createTokenCounter } from "../../../src/tokens/create-token-counter.js";
import type { AgentTool } from "../../../src/tools/tool.js";
import {
  buildHistoryRepo,
  type HistoryRepo,
} from "../../helpers/history-repo.js";
import { removeDir } from "../../helpers/temp-repo.js";

let repo: HistoryRepo;
let host: LocalCodeHost;
beforeAll(() => {
  repo = buildHistoryRepo();
  host = createLocalCodeHost({ root: repo.root });
});
afterAll(async () => {
  await host.close();
  removeDir(repo.root);
});

const counter = createTokenCounter({ model: "gpt-4o" });
const WEB = "https://github.com/octo-org/hello-world";

function historyTool(options: { allowed?: string[]; budget?: number } = {}) {
  const tools = createCodeTools({
    reader: host.at(repo.head),
    tokenCounter: counter,
    toolResultBudget: options.budget ?? 2_000,
    excludePaths: ["secret/"],
    web: { owner: "octo-org", repo: "hello-world", sha: repo.head },
    ...(options.allowed && { allowed: options.allowed }),
  });
  return tools.find((t) => t.name === GET_LINE_HISTORY);
}

const call = (tool: AgentTool, args: object, maxTokens = 2_000) =>
  invokeTool(tool, args, { maxTokens }, counter);

describe("get_line_history", () => {
  it("gives each change of the lines with its commit, pull request and links at the run's commit", async () => {
    const out = await call(historyTool()!, {
      path: "src/upload.ts",
      start_line: 1,
      end_line: 3,
    });
    expect(out.ok).toBe(true);
    const { tokens: _tokens, ...result } = JSON.parse(out.text);
    expect(result).toStrictEqual({
      path: "src/upload.ts",
      lines: "1-3",
      changes: [
        {
          lines: "1-1",
          permalink: `${WEB}/blob/${repo.head}/src/upload.ts#L1`,
          commit: repo.added.slice(0, 7),
          headline: "Add the upload client",
          date: "2025-01-01",
          commit_url: `${WEB}/commit/${repo.added}`,
          moved_from: "lib/upload-client.ts",
        },
        {
          lines: "2-3",
          permalink: `${WEB}/blob/${repo.head}/src/upload.ts#L2-L3`,
          commit: repo.retried.slice(0, 7),
          headline: "Retry uploads twice",
          date: "2025-01-01",
          commit_url: `${WEB}/commit/${repo.retried}`,
          pull_request: {
            number: 12,
            title: "Retry failed uploads",
            url: `${WEB}/pull/12`,
          },
        },
      ],
      notes: [],
    });
  });

  it("names a squashed commit's pull request from its subject", async () => {
    const out = await call(historyTool()!, {
      path: "src/upload.ts",
      start_line: 7,
      end_line: 7,
    });
    expect(JSON.parse(out.text).changes[0].pull_request).toStrictEqual({
      number: 34,
      title: "Time out uploads after 30 s",
      url: `${WEB}/pull/34`,
    });
  });

  it("refuses an excluded path, a reversed range and a budget too small, saying what to do", async () => {
    const tool = historyTool()!;
    expect(
      (await call(tool, { path: "secret/key.ts", start_line: 1, end_line: 2 }))
        .ok,
    ).toBe(false);
    expect(
      (await call(tool, { path: "src/upload.ts", start_line: 5, end_line: 2 }))
        .text,
    ).toBe(
      "Error: end_line (2) is before start_line (5); give the first and the last line of the range.",
    );
    const cut = await call(
      tool,
      { path: "src/upload.ts", start_line: 1, end_line: 9 },
      150,
    );
    expect(cut.truncated).toBe(true);
    expect(cut.tokens).toBeLessThanOrEqual(150);
  });

  it("is offered with every tool, not to a mission's subset", () => {
    expect(historyTool()).toBeDefined();
    expect(historyTool({ allowed: ["read_file_contents"] })).toBeUndefined();
  });
});
