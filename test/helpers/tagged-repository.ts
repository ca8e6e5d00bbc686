import type { AnswerRecords } from "../../src/storage/answer-records/answer-record.js";
import { testConversation } from "./test-conversation.js";
import type { IssueThread } from "../../src/question/issue-thread.js";
import {
  createLocalCodeHost,
  type LocalCodeHost,
} from "../../src/code-host/local/local-code-host.js";
import type { ThreadComments } from "../../src/conversation/thread-comments.js";
import { runQuestion } from "../../src/run/run-question.js";
import { createFakeClock } from "./fake-clock.js";
import { questionJob } from "./question-job.js";
import { retrievalRunDeps } from "./retrieval-run-deps.js";
import {
  commitAll,
  git,
  initRepo,
  removeDir,
  writeFiles,
} from "./temp-repo.js";

/** The repository's page the answers link to. */
export const TAGGED_PAGE = "https://github.com/octo-org/hello-world";

const retryPy = (attempts: number) =>
  `MAX_ATTEMPTS = ${attempts}\n\ndef should_give_up(attempt, status):\n    return attempt >= MAX_ATTEMPTS\n`;

/** The repository's two commits, and a code host on it for the current test. */
export interface TaggedRepository {
  /** The commit tagged `v2.1` (annotated): gives up after 3 attempts. */
  tagged: string;
  /** `main`, one commit later: gives up after 5. */
  head: string;
  host: LocalCodeHost;
}

const DEFAULT_THREAD: IssueThread = {
  number: 1,
  title: "Retries",
  body: "How many times do uploads retry?",
  author: { login: "octocat", association: "OWNER" },
  comments: [],
};

/**
 * A git repository whose tag `v2.1` gives up after 3 attempts and whose
 * `main` after 5, made for the test file (call at its top): which commit an
 * answer read shows which question, and which ref, ran.
 *
 * @example
 * const repository = useTaggedRepository();
 * const { outcome, body } = await askTagged(repository(), "on v2.1 where does it give up?");
 */
export function useTaggedRepository(): () => TaggedRepository {
  let root: string | undefined;
  let commits: { tagged: string; head: string } | undefined;
  let host: LocalCodeHost | undefined;
  beforeAll(() => {
    root = initRepo();
    writeFiles(root, { "src/retry.py": retryPy(3) });
    const tagged = commitAll(root, "retry three times");
    git(root, "tag", "-a", "v2.1", "-m", "release 2.1");
    writeFiles(root, { "src/retry.py": retryPy(5) });
    commits = { tagged, head: commitAll(root, "retry five times") };
  });
  beforeEach(() => {
    host = createLocalCodeHost({ root: root as string });
  });
  afterEach(() => host?.close());
  afterAll(() => root && removeDir(root));
  return () => {
    if (!commits || !host) throw new Error("the repository is not made yet");
    return { ...commits, host };
  };
}

/**
 * One question answered from retrieval alone in an issue whose thread is
 * `thread`: the outcome, the comment's last body and the refs resolved.
 */
export async function askTagged(
  repository: TaggedRepository,
  question: string,
  thread: Partial<IssueThread> = {},
  answers?: AnswerRecords,
) {
  const { host } = repository;
  const bodies: string[] = [];
  const resolved: Array<string | undefined> = [];
  const comments: ThreadComments = {
    create: async (body) => (bodies.push(body), 41),
    update: async (_id, body) => void bodies.push(body),
    thread: async () => ({ ...DEFAULT_THREAD, ...thread }),
  };
  const outcome = await runQuestion(
    questionJob({ htmlUrl: TAGGED_PAGE, task: { kind: "question", question } }),
    retrievalRunDeps({
      clientsFor: async (job) => ({
        conversation: testConversation(job, comments),
        codeHost: {
          label: host.label,
          resolveRef: (ref, options) => (
            resolved.push(ref),
            host.resolveRef(ref, options)
          ),
          at: (sha, options) => host.at(sha, options),
        },
      }),
      clock: createFakeClock(),
      ...(answers && { answers }),
    }),
  );
  return { outcome, body: bodies.at(-1) ?? "", resolved };
}
