import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import {
  missingDataMessage,
  missingMirrorsMessage,
} from "../../../../bench/swebench/missing-inputs.js";
import { makeTempDir, removeDir } from "../../../helpers/temp-repo.js";

describe("missingDataMessage", () => {
  let dir: string;
  beforeAll(() => {
    dir = makeTempDir();
    writeFileSync(join(dir, "lite.jsonl"), "");
    mkdirSync(join(dir, "a-directory"));
  });
  afterAll(() => removeDir(dir));

  it("is undefined when the instances file is there", () => {
    expect(
      missingDataMessage({ data: join(dir, "lite.jsonl"), dataFrom: "option" }),
    ).toBeUndefined();
  });

  it("says where it looked, why there, and how to get the public instances", () => {
    const data = join(dir, "data", "swebench.jsonl");
    expect(missingDataMessage({ data, dataFrom: "default" }))
      .toBe(`No SWE-bench instances at ${data} (the default; --data or SWEBENCH_DATA changes it).
Put them there as JSON lines, one instance a line, or point --data FILE or SWEBENCH_DATA at them.
The public data set is https://huggingface.co/datasets/princeton-nlp/SWE-bench; to write its Lite split there:
  pip install datasets
  mkdir -p ${join(dir, "data")}
  python -c "from datasets import load_dataset; load_dataset('princeton-nlp/SWE-bench_Lite', split='test').to_json('${data}')"
Then mirror the repositories it names (npm run bench:swebench -- --help says how).
`);
  });

  it("names the variable or option that chose the path", () => {
    expect(
      missingDataMessage({
        data: join(dir, "a-directory"),
        dataFrom: "environment",
      }),
    ).toMatch(
      /^No SWE-bench instances at .*a-directory \(set by SWEBENCH_DATA\)/,
    );
    expect(
      missingDataMessage({ data: join(dir, "none.jsonl"), dataFrom: "option" }),
    ).toMatch(/\(set by --data\)/);
  });
});

describe("missingMirrorsMessage", () => {
  it("gives a clone command for each missing repository, into the path the harness reads", () => {
    expect(
      missingMirrorsMessage(
        {
          mirrors: "/srv/git",
          mirrorsFrom: "environment",
          mirrorLayout: "{owner}/{name}.git",
        },
        ["psf/requests", "pallets/flask"],
      ),
    )
      .toBe(`No git mirror for psf/requests, pallets/flask below /srv/git (set by SWEBENCH_MIRRORS; layout "{owner}/{name}.git", see --mirror-layout).
Each instance is read at its base commit from a bare clone of its repository:
  git clone --mirror https://github.com/psf/requests.git /srv/git/psf/requests.git
  git clone --mirror https://github.com/pallets/flask.git /srv/git/pallets/flask.git
Or point --mirrors DIR or SWEBENCH_MIRRORS, and --mirror-layout, at mirrors you already have.
`);
  });
});
