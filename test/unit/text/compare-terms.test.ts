import { jest } from "@jest/globals";
import { analyzeQuery } from "../../../src/retrieval/query/query-analysis.js";
import { compareTerms } from "../../../src/text/compare-terms.js";
import { seededRandom } from "../../helpers/seeded-random.js";

describe("compareTerms", () => {
  it("orders terms as localeCompare does in English, whatever characters they hold", () => {
    const random = seededRandom(11);
    const alphabet = [..."abyz019_", "é", "A", "-", "."];
    const term = () => {
      let text = "";
      const length = random.int(0, 6);
      // Mostly the characters terms are made of; now and then another.
      for (let k = 0; k < length; k++)
        text +=
          random.next() < 0.9
            ? random.pick(alphabet.slice(0, 8))
            : random.pick(alphabet);
      return text;
    };
    for (let i = 0; i < 5000; i++) {
      const [a, b] = [term(), term()];
      expect([a, b, Math.sign(compareTerms(a, b))]).toEqual([
        a,
        b,
        Math.sign(new Intl.Collator("en").compare(a, b)),
      ]);
    }
  });

  it("lets a question's terms be ranked without building ICU's collator", () => {
    const localeCompare = jest.spyOn(String.prototype, "localeCompare");
    try {
      // Words of equal weight: their order is decided by the comparison.
      const { terms } = analyzeQuery("upload retry timeout session cookie");
      expect(terms.map((t) => t.term).slice(0, 3)).toEqual(
        [...terms.map((t) => t.term).slice(0, 3)].sort(compareTerms),
      );
      expect(localeCompare).not.toHaveBeenCalled();
    } finally {
      localeCompare.mockRestore();
    }
  });
});
