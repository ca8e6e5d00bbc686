import {
  FILE_LEADS,
  leadRelations,
} from "../../../../src/retrieval/rank/file-lead-relations.js";

const chunk = (
  id: number,
  fileId: number,
  text: string,
  context = "",
  defines: string[] = [],
) => ({ chunk: { id, fileId, text, context, defines } });

describe("leadRelations", () => {
  it("relates a chunk to its file's first ranked chunks, not to itself or other files", () => {
    const ranked = [
      chunk(
        10,
        1,
        "def save(self):\n    self.flush_buffer()",
        "class Store › def save",
        ["save"],
      ),
      chunk(40, 2, "def flush_buffer(): pass", "", ["flush_buffer"]),
      chunk(
        12,
        1,
        "def flush_buffer(self):\n    pass",
        "class Store › def flush_buffer",
        ["flush_buffer"],
      ),
      chunk(
        30,
        1,
        "def load(self):\n    return self.save()",
        "class Other › def load",
        ["load"],
      ),
    ];
    const [save, other, flush, load] = leadRelations(ranked);
    // The file's other leads: 12 and 30; 12 is 2 chunks away in the same
    // class, save calls its flush_buffer, and load calls save.
    expect(save).toEqual({
      distance: 2,
      sameOuter: 1,
      calledByLead: 1,
      callsLead: 1,
    });
    // Alone in its file: no lead but itself.
    expect(other?.distance).toBe(Infinity);
    expect(other?.calledByLead).toBe(0);
    // Called by the save lead; names nothing a lead declares but its own name.
    expect(flush).toEqual({
      distance: 2,
      sameOuter: 1,
      calledByLead: 1,
      callsLead: 0,
    });
    // Calls save (a lead), another class, 18 chunks from the nearest lead.
    expect(load).toEqual({
      distance: 18,
      sameOuter: 0,
      calledByLead: 0,
      callsLead: 1,
    });
  });

  it("reads only the first leads of a file, whole words and names of three characters or more", () => {
    const leads = Array.from({ length: FILE_LEADS }, (_, i) =>
      chunk(i, 1, "x = saved_value + go()", "", [`lead${i}`]),
    );
    const late = chunk(100, 1, "lead0", "", ["go"]);
    const later = chunk(50, 1, "never_saved()", "", ["save"]);
    const rel = leadRelations([
      ...leads,
      chunk(60, 1, "lead1", "", []),
      late,
      later,
    ]);
    // The fourth chunk is no lead: the nearest lead to `late` is chunk 2.
    expect(rel[FILE_LEADS + 1]?.distance).toBe(98);
    // "go" is too short to count; `late` names lead0.
    expect(rel[FILE_LEADS + 1]?.calledByLead).toBe(0);
    expect(rel[FILE_LEADS + 1]?.callsLead).toBe(1);
    // "save" inside "saved_value" and "never_saved" is not the name.
    expect(rel[FILE_LEADS + 2]?.calledByLead).toBe(0);
  });
});
