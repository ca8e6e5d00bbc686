import {
  describeOutsideDependencies,
  linesCited,
} from "../../../../src/retrieval/dependencies/describe-outside-dependencies.js";
import {
  QS_FOUND,
  ROUTER_FOUND,
} from "../../../helpers/outside-dependency-repos.js";

const at = (l: { path: string; line: number }) => `${l.path}:${l.line}`;

describe("describeOutsideDependencies", () => {
  it("says which package holds part of the answer, and the places that show it", () => {
    expect(describeOutsideDependencies([ROUTER_FOUND], at))
      .toMatchInlineSnapshot(`
      "Part of this lives outside the repository, in a package it depends on:
      - \`router\`, declared at package.json:9 and imported at lib/application.js:6: the question's \`next\` is defined nowhere in the repository, and lib/application.js:28 is where it meets \`router\`."
    `);
  });

  it("names a package the question names once per place, and lists several", () => {
    expect(describeOutsideDependencies([QS_FOUND, ROUTER_FOUND], at))
      .toMatchInlineSnapshot(`
      "Part of this lives outside the repository, in packages it depends on:
      - \`qs\`, declared at package.json:12 and imported at lib/utils.js:3: the question names \`qs\`.
      - \`router\`, declared at package.json:9 and imported at lib/application.js:6: the question's \`next\` is defined nowhere in the repository, and lib/application.js:28 is where it meets \`router\`."
    `);
  });

  it("says nothing when there is nothing outside", () => {
    expect(describeOutsideDependencies([], at)).toBeUndefined();
  });

  it("lists each line it cites once", () => {
    expect(linesCited([QS_FOUND, ROUTER_FOUND]).map(at)).toStrictEqual([
      "package.json:12",
      "lib/utils.js:3",
      "package.json:9",
      "lib/application.js:6",
      "lib/application.js:28",
    ]);
  });
});
