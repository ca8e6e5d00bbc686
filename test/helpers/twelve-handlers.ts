// A checkout of twelve Python modules and a question naming one of them:
// enough files that a first question, told to make few trees
// (TWO_STAGES), leaves most without one, so its index is partial.

export const TWELVE_HANDLERS = Object.fromEntries(
  Array.from({ length: 12 }, (_, i) => [
    `pkg/module_${i}.py`,
    `def handler_${i}(request):\n    return request.args.get("page_${i}")\n`,
  ]),
);

/** Question index limits under which only the file the question names gets its tree. */
export const TWO_STAGES = {
  topFiles: 1,
  usersPerSymbol: 1,
  oneStageMaxTrees: 0,
};

export const HANDLER_QUESTION =
  "handler_7 reads the wrong page_7 from the request";
