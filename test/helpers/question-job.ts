import { defaultRepoConfig } from "../../src/config/parse-repo-config.js";
import type { QuestionJob } from "../../src/question/question-job.js";

/** An accepted question on octo-org/hello-world#1, with the fields a test changes. */
export function questionJob(overrides: Partial<QuestionJob> = {}): QuestionJob {
  return {
    deliveryId: "d-1",
    triggerId: "comment:1",
    installationId: 1,
    repositoryId: 1296269,
    owner: "octo-org",
    repo: "hello-world",
    htmlUrl: "https://github.com/octo-org/hello-world",
    issueNumber: 1,
    requestedBy: "octocat",
    task: { kind: "question", question: "where is retry decided?" },
    reactTo: { kind: "comment", commentId: 1 },
    receivedAt: "2026-11-22T00:00:00Z",
    config: defaultRepoConfig(),
    configProblems: [],
    ...overrides,
  };
}
