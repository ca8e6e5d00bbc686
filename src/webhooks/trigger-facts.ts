import type { TriggerPayload } from "../question/trigger-types.js";

/**
 * The payload's fields the trigger decision reads, and no more: a job is
 * plain data a shared queue may hold, and the rest of a payload (the whole
 * repository and user objects) is kilobytes no step reads.
 *
 * @example
 * triggerFacts(context.payload).comment
 * // { id: 492700400, body: "@askcode where …", author_association: "OWNER" }
 */
export function triggerFacts(payload: TriggerPayload): TriggerPayload {
  const { issue, comment, label, sender } = payload;
  return {
    ...defined({ action: payload.action }),
    sender: { login: sender.login, type: sender.type },
    issue: {
      id: issue.id,
      title: issue.title,
      body: issue.body ?? null,
      ...defined({ locked: issue.locked, state: issue.state }),
      author_association: issue.author_association,
      user: issue.user ? { login: issue.user.login } : null,
      // Only its presence counts: the issue is a pull request.
      ...(issue.pull_request ? { pull_request: true } : {}),
      ...defined({ updated_at: issue.updated_at }),
      // What a new issue was opened with decides `unasked.issues`; no other event reads them.
      ...(payload.action === "opened" &&
        issue.labels && {
          labels: issue.labels.flatMap((label) =>
            label ? [{ name: label.name }] : [],
          ),
        }),
    },
    ...(comment
      ? {
          comment: {
            id: comment.id,
            body: comment.body,
            author_association: comment.author_association,
          },
        }
      : {}),
    ...(label ? { label: { name: label.name } } : {}),
  };
}

function defined<T extends object>(fields: T): Partial<T> {
  return Object.fromEntries(
    Object.entries(fields).filter(([, value]) => value !== undefined),
  ) as Partial<T>;
}
