import { Registry } from "prom-client";
import { createInProcessQueue } from "../../../src/jobs/in-process-queue.js";
import { createMemoryJobJournal } from "../../helpers/memory-job-journal.js";
import { createAskcodeMetrics } from "../../../src/metrics/askcode-metrics.js";
import { countJobQueue } from "../../../src/jobs/count-job-queue.js";
import {
  createTriggerHandler,
  type TriggerContext,
} from "../../../src/webhooks/handle-trigger-event.js";
import { metricSamples } from "../../helpers/metric-samples.js";
import type { WebhookFixture } from "./webhook-fixture.js";
import { delivery } from "./trigger-delivery.js";

/** Probot's context for one delivery (the handler has no way to reach GitHub). */
function context(id: string, fixture: WebhookFixture): TriggerContext {
  return delivery(id, fixture).context;
}

describe("the trigger handler's metrics", () => {
  it("counts every delivery by event, each ignored one by its reason, and a redelivered question as deduplicated", async () => {
    const registry = new Registry();
    const metrics = createAskcodeMetrics(registry);
    const queue = countJobQueue(
      createInProcessQueue({
        journal: createMemoryJobJournal(),
        run: async () => {},
        cancel: async () => {},
        log: { error: () => {} },
      }),
      metrics,
    );
    const handle = createTriggerHandler({
      queue,
      missions: [],
      now: () => new Date("2024-01-01T00:00:00Z"),
      metrics: metrics.webhooks,
    });

    await handle(context("d-1", "issue_comment.created.mention"));
    await handle(context("d-2", "issue_comment.created.mention"));
    await handle(context("d-3", "issue_comment.created.bot"));
    await handle(context("d-4", "issue_comment.created"));
    // No mission claims the label "bug".
    await handle(context("d-5", "issues.labeled"));
    const withoutInstallation = delivery("d-6", "issues.opened.mention");
    delete withoutInstallation.payload.installation;
    await handle(withoutInstallation.context);
    await queue.onIdle();

    expect(
      await metricSamples(registry, "askcode_webhooks_received_total"),
    ).toStrictEqual([
      'askcode_webhooks_received_total{event="issue_comment.created"} 4',
      'askcode_webhooks_received_total{event="issues.labeled"} 1',
      'askcode_webhooks_received_total{event="issues.opened"} 1',
    ]);
    expect(
      await metricSamples(registry, "askcode_webhooks_ignored_total"),
    ).toStrictEqual([
      'askcode_webhooks_ignored_total{reason="bot"} 1',
      'askcode_webhooks_ignored_total{reason="no-mention"} 1',
      'askcode_webhooks_ignored_total{reason="label-not-claimed"} 1',
      'askcode_webhooks_ignored_total{reason="no-installation"} 1',
    ]);
    expect(
      await metricSamples(registry, "askcode_webhooks_deduplicated_total"),
    ).toStrictEqual(["askcode_webhooks_deduplicated_total 1"]);
    expect(
      await metricSamples(registry, "askcode_questions_queued_total"),
    ).toStrictEqual([
      'askcode_questions_queued_total{repository="Codertocat/Hello-World"} 1',
    ]);
  });
});
