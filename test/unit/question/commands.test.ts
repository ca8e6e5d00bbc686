import { parseCommand } from "../../../src/question/commands.js";

describe("parseCommand", () => {
  it.each([
    [
      "/sources where is the retry decided?",
      "sources",
      "where is the retry decided?",
    ],
    ["/Deeper  why?", "deeper", "why?"],
    ["/deeper", "deeper", ""],
    ["/help", "help", ""],
    ["/no-model\nwhere is it?", "no-model", "where is it?"],
    ["/retry", "retry", ""],
  ])("reads %j as /%s asking %j", (question, name, rest) => {
    expect(parseCommand(question)).toStrictEqual({
      kind: "command",
      name,
      question: rest,
    });
  });

  it("names the nearest command for a typo, and none for a word far from all", () => {
    expect(parseCommand("/sourcse x")).toStrictEqual({
      kind: "unknown",
      name: "sourcse",
      suggestion: "sources",
    });
    expect(parseCommand("/frobnicate")).toStrictEqual({
      kind: "unknown",
      name: "frobnicate",
    });
  });

  it.each([
    "where is /help rendered?",
    "why is `/help` slow?",
    "> /help",
    "/etc/hosts is read where?",
    "/usr/bin/env python",
  ])("reads %j as a plain question", (question) => {
    expect(parseCommand(question)).toBeUndefined();
  });
});
