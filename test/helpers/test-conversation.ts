import type { Conversation } from "../../src/conversation/conversation.js";
import type { ThreadComments } from "../../src/conversation/thread-comments.js";
import {
  conversationOf,
  type AskedIn,
} from "../../src/conversation/open-conversation.js";
import type { PullRequests } from "../../src/conversation/pull-requests.js";
import { noPullRequests } from "./no-pull-requests.js";

/**
 * The conversation of a run under test: `comments` (in memory, or GitHub's
 * behind nock), bound to the job as `openConversation` binds GitHub's; the
 * 👀 reaction is left out (runTrigger adds it, not runQuestion).
 *
 * @example
 * clientsFor: async (job) => ({ conversation: testConversation(job, comments), codeHost })
 */
export function testConversation(
  job: AskedIn,
  comments: ThreadComments,
  pullRequests: PullRequests = noPullRequests,
): Conversation {
  return conversationOf(job, {
    comments,
    pullRequests,
    acknowledge: () =>
      Promise.reject(new Error("runQuestion does not acknowledge")),
  });
}
