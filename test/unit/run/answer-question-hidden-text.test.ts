import { answerQuestion } from "../../../src/run/answer-question.js";
import { retrievalAnswerInput } from "../../helpers/retrieval-answer-input.js";

const SHA = "6dcb09b5b57875f334f61aebed695e2e4193db5e";
const FILES = {
  "src/retry.ts":
    "export function shouldRetry(status: number): boolean {\n  return status >= 500;\n}\n",
  "src/billing.ts":
    "export function reconcileInvoices(ledger: BillingLedger): void {\n  ledger.close();\n}\n",
};

/**
 * The places the retrieval-only answer lists for `question` asked in an issue
 * whose body is `body` (the "Context used" list after them names every file
 * packed, and the whole of this small repository fits).
 */
async function places(question: string, body: string): Promise<string> {
  const rendered = await answerQuestion(
    retrievalAnswerInput(SHA, FILES, {
      asked: {
        question,
        issue: { number: 1, title: "Retries", body, comments: [] },
      },
    }),
  );
  return rendered.body.slice(0, rendered.body.indexOf("<details>"));
}

describe("answerQuestion's retrieval reads what a reader sees", () => {
  it("ranks by the visible text: names in an HTML comment or an image's alt text find nothing", async () => {
    const hidden = await places(
      "@askcode where are retries decided?<!-- reconcileInvoices -->",
      "Retries go on forever.\n<!-- BillingLedger reconcileInvoices -->\n![reconcileInvoices BillingLedger](shot.png)",
    );
    expect(hidden).toContain("src/retry.ts");
    expect(hidden).not.toContain("src/billing.ts");
  });

  it("finds the same names when a reader can see them", async () => {
    const visible = await places(
      "@askcode where are retries decided? reconcileInvoices",
      "Retries go on forever.\nBillingLedger reconcileInvoices",
    );
    expect(visible).toContain("src/billing.ts");
  });
});
