import type { PullRequests } from "../../src/conversation/pull-requests.js";

/** The pull-request client of a run asked on an issue: any call is a bug the test should see. */
export const noPullRequests: PullRequests = {
  read: () => Promise.reject(new Error("read a pull request for an issue")),
  headSha: () => Promise.reject(new Error("read a pull request for an issue")),
};
