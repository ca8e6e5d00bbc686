import { readFileSync } from "node:fs";
import { parse } from "yaml";
import { parseRepoConfig } from "../../../src/config/parse-repo-config.js";
import { renderConfigProblems } from "../../../src/config/render-config-problems.js";

describe("renderConfigProblems", () => {
  it("says nothing when there is nothing wrong", () => {
    expect(renderConfigProblems([])).toBe("");
  });

  it("names each key, what was found, what is allowed and what askcode used", () => {
    const raw = parse(
      readFileSync(
        new URL("../../fixtures/config/partly-wrong.yml", import.meta.url),
        "utf8",
      ),
    );
    const { problems } = parseRepoConfig(
      { ...raw, missions: { enabled: ["bug_triag"] } },
      { missionNames: ["bug_triage", "code_exploration"] },
    );
    expect(renderConfigProblems(problems)).toMatchInlineSnapshot(`
     "**\`.github/askcode.yml\` has 5 problems.** askcode used its defaults where a key was wrong; the rest of the file applies.

     - \`modle: "gpt-4o"\` is not a setting askcode knows. Did you mean \`model\`? Allowed: one of _extends, enabled, handle, progress, footer, trigger, allowed_associations, outsiders, model, budgets, limits, max_steps, answers, exclude_paths, missions, unasked. Ignored it.
     - \`budgets.contxt: 5000\` is not a setting askcode knows. Did you mean \`budgets.context\`? Allowed: one of budgets.context, budgets.tool_result, budgets.run, budgets.wall_time_seconds. Ignored it.
     - \`budgets.context: "lots"\` is a string. Allowed: a whole number of tokens from 1000 to 1000000. Used the default, \`12000\`.
     - \`max_steps: 100\` is more than 50. Allowed: a whole number from 1 to 50. Used the default, \`8\`.
     - \`missions.enabled: "bug_triag"\` names a mission this askcode does not have. Did you mean \`bug_triage\`? Allowed: names of installed missions: bug_triage, code_exploration. Used \`[]\`.

     <sub>Settings can also come from the organisation's \`.github\` repository or a file named in \`_extends\`.</sub>"
    `);
  });

  it("speaks of the file itself when it is not a map, and of one problem", () => {
    expect(
      renderConfigProblems([
        {
          key: "",
          message:
            "is not valid YAML: Nested mappings are not allowed in compact mappings at line 2, column 9",
          outcome: "used-default",
        },
      ]),
    ).toMatchInlineSnapshot(`
     "**\`.github/askcode.yml\` has a problem.** askcode used its default settings.

     - The file is not valid YAML: Nested mappings are not allowed in compact mappings at line 2, column 9. Used the defaults for every key.

     <sub>Settings can also come from the organisation's \`.github\` repository or a file named in \`_extends\`.</sub>"
    `);
  });

  it("keeps values from the file inert: no early end of a code span, no @mention, no Markdown", () => {
    const rendered = renderConfigProblems(
      parseRepoConfig({ handle: "@team `x` **bold** <img src=x>" }).problems,
    );
    expect(rendered).toContain('``handle: "@team `x` **bold** <img src=x>"``');
  });

  it("cuts long values", () => {
    const rendered = renderConfigProblems(
      parseRepoConfig({ exclude_paths: "x".repeat(500) }).problems,
    );
    expect(rendered).toContain(`exclude_paths: "${"x".repeat(78)}…` + "`");
    expect(rendered.length).toBeLessThan(600);
  });
});
