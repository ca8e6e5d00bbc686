import type { AskResult } from "../../../src/cli/ask-result.js";
import { runAsk } from "../../../src/cli/run-ask.js";
import {
  buildHistoryRepo,
  type HistoryRepo,
} from "../../helpers/history-repo.js";
import { removeDir } from "../../helpers/temp-repo.js";

let repo: HistoryRepo;
beforeAll(() => {
  repo = buildHistoryRepo();
});
afterAll(() => removeDir(repo.root));

async function ask(question: string, json = false): Promise<string> {
  let text = "";
  await runAsk(
    [question, "--repo", repo.root, "--no-cache", ...(json ? ["--json"] : [])],
    {
      cwd: "/",
      // Wide enough that no line of the history wraps.
      stdout: { write: (chunk: string) => (text += chunk), columns: 200 },
    },
  );
  return text;
}

describe("askcode ask on a question about history", () => {
  it("prints the last change of the first places' lines, with their pull requests", async () => {
    const text = await ask("Why does upload retry, and since when?");
    const section = text.slice(text.indexOf("History of these lines:"));
    expect(section.split("\n\n")[0]!.split("\n")).toStrictEqual([
      "History of these lines:",
      `- src/upload.ts:1-1 ${repo.added.slice(0, 7)} 2025-01-01 Add the upload client; moved from lib/upload-client.ts since`,
      `- src/upload.ts:2-3 ${repo.retried.slice(0, 7)} 2025-01-01 Retry uploads twice (pull request #12: Retry failed uploads)`,
      `- src/upload.ts:4-6 ${repo.added.slice(0, 7)} 2025-01-01 Add the upload client; moved from lib/upload-client.ts since`,
      `- src/upload.ts:7-7 ${repo.squashed.slice(0, 7)} 2025-01-01 Time out uploads after 30 s (#34) (pull request #34: Time out uploads after 30 s)`,
      `- src/upload.ts:8-8 ${repo.added.slice(0, 7)} 2025-01-01 Add the upload client; moved from lib/upload-client.ts since`,
      `- src/upload.ts:9-9 ${repo.squashed.slice(0, 7)} 2025-01-01 Time out uploads after 30 s (#34) (pull request #34: Time out uploads after 30 s)`,
      `- README.md:1-1 ${repo.added.slice(0, 7)} 2025-01-01 Add the upload client`,
      `- README.md:2-3 ${repo.readme.slice(0, 7)} 2025-01-01 Say what the project does`,
    ]);
  });

  it("gives it in --json too, and nothing for a question that asks where", async () => {
    const why = JSON.parse(
      await ask("Who changed the upload retries?", true),
    ) as AskResult;
    expect(why.history?.[0]?.changes[1]).toStrictEqual({
      lines: "2-3",
      commit: repo.retried.slice(0, 7),
      headline: "Retry uploads twice",
      date: "2025-01-01",
      pull_request: { number: 12, title: "Retry failed uploads" },
    });
    const where = JSON.parse(
      await ask("Where are uploads retried?", true),
    ) as AskResult;
    expect(where.history).toBeUndefined();
  });
});
