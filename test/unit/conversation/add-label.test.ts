import nock from "nock";
import { ProbotOctokit } from "probot";
import { addLabel } from "../../../src/conversation/add-label.js";
import {
  nockGraphql,
  type GraphqlSent,
} from "../../helpers/graphql-discussion.js";

const DISCUSSION = {
  kind: "discussion" as const,
  discussion: {
    number: 4,
    nodeId: "MDEwOkRpc2N1c3Npb24zMjk5NjE0",
    category: "General",
  },
};
const ON = { owner: "octo-org", repo: "hello-world", issueNumber: 4 };

function octokit() {
  return new ProbotOctokit({
    auth: { token: "ghs_test" },
    throttle: { enabled: false },
    retry: { enabled: false },
  });
}

describe("addLabel", () => {
  it("labels an issue through REST, which creates a label the repository lacks", async () => {
    const bodies: unknown[] = [];
    const scope = nock("https://api.github.com")
      .post("/repos/octo-org/hello-world/issues/4/labels")
      .reply(200, (_uri, body) => {
        bodies.push(body);
        return [{ id: 1, name: "needs-triage" }];
      });

    await addLabel(
      octokit(),
      { ...ON, reactTo: { kind: "issue" } },
      "needs-triage",
    );

    expect(bodies).toStrictEqual([{ labels: ["needs-triage"] }]);
    expect(scope.pendingMocks()).toStrictEqual([]);
  });

  it("labels a discussion through GraphQL, by the label's node id", async () => {
    const sent: GraphqlSent[] = [];
    const api = nock("https://api.github.com");
    nockGraphql(
      api,
      "LabelId",
      { data: { repository: { label: { id: "LA_kwDOtriage" } } } },
      sent,
    );
    nockGraphql(
      api,
      "AddLabels",
      { data: { addLabelsToLabelable: { clientMutationId: null } } },
      sent,
    );

    await addLabel(octokit(), { ...ON, reactTo: DISCUSSION }, "needs-triage");

    expect(sent).toStrictEqual([
      {
        operation: "LabelId",
        variables: {
          owner: "octo-org",
          repo: "hello-world",
          name: "needs-triage",
        },
      },
      {
        operation: "AddLabels",
        variables: {
          labelableId: "MDEwOkRpc2N1c3Npb24zMjk5NjE0",
          labelIds: ["LA_kwDOtriage"],
        },
      },
    ]);
  });

  it("names a label a discussion cannot take because the repository has none of that name", async () => {
    nockGraphql(nock("https://api.github.com"), "LabelId", {
      data: { repository: { label: null } },
    });

    await expect(
      addLabel(octokit(), { ...ON, reactTo: DISCUSSION }, "needs-triage"),
    ).rejects.toThrow(
      'octo-org/hello-world has no label "needs-triage" (unasked.silent_label); create it for askcode to add it to discussions',
    );
  });
});
