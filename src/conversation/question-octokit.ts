import type { GraphqlOctokit } from "./graphql-octokit.js";
import type { IssuesOctokit } from "./issues-octokit.js";

/** Probot's installation Octokit: REST for issues and pull requests, GraphQL for discussions. */
export type QuestionOctokit = IssuesOctokit & GraphqlOctokit;
