// The heads every recall table leads with, askcode's, in the order issue 38
// asks for: files with a body and lines first, then the map's count, then
// All and Any split the same way. Written out, not read from the code, so a
// test fails when the order changes.
export const ASKCODE_RECALL_HEADS = [
  "askcode body Avg",
  "lines",
  "micro",
  "+map Avg",
  "body All",
  "+map All",
  "body Any",
  "+map Any",
];
