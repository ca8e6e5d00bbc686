import { readFileSync } from "node:fs";
import { COMMANDS, describeCommand } from "../../../src/question/commands.js";

describe("the README's list of commands", () => {
  it("has a row for each command askcode knows, saying what /help says", () => {
    const readme = readFileSync(
      new URL("../../../README.md", import.meta.url),
      "utf8",
    );
    // Each row's cells, trimmed: the formatter pads the table.
    const rows = readme
      .split("\n")
      .filter((line) => line.startsWith("| `@askcode /"))
      .map((line) =>
        line
          .split("|")
          .slice(1, -1)
          .map((cell) => cell.trim()),
      );

    expect(rows).toStrictEqual(
      COMMANDS.map((c) => [`\`@askcode ${c.usage}\``, describeCommand(c)]),
    );
  });
});
