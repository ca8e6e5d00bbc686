import { didYouMean } from "../config/did-you-mean.js";

/**
 * What askcode does when a question starts with `/name`: the one table the
 * parser, `/help`'s answer and the README's list come from.
 */
export const COMMANDS = [
  {
    name: "help",
    usage: "/help",
    does: "what askcode can do here, with this repository's settings",
    membersOnly: false,
  },
  {
    name: "sources",
    usage: "/sources [question]",
    does: "only the places in the code that answer it, as links: no prose, no model",
    membersOnly: false,
  },
  {
    name: "no-model",
    usage: "/no-model [question]",
    does: "the answer from a search of the code alone, without the model",
    membersOnly: false,
  },
  {
    name: "deeper",
    usage: "/deeper [question]",
    does: "the model's answer with twice the context and tool calls, within the operator's ceilings",
    membersOnly: true,
  },
  {
    name: "dismiss",
    usage: "/dismiss",
    does: "hides askcode's unasked answer here, minimised as off-topic (the issue's author, owners, members and collaborators)",
    membersOnly: false,
  },
  {
    name: "why",
    usage: "/why [question]",
    does: "the answer, then the history of the lines it cites: the commits that last changed them and their pull requests",
    membersOnly: false,
  },
  {
    name: "retry",
    usage: "/retry",
    does: "the thread's previous question again",
    membersOnly: false,
  },
] as const;

export type CommandName = (typeof COMMANDS)[number]["name"];

/**
 * What a command does, as `/help` and the README say it: with who may use
 * it when that is not everyone.
 *
 * @example
 * describeCommand(COMMANDS[3]) // "the model's answer with … (owners, members and collaborators)"
 */
export function describeCommand(command: (typeof COMMANDS)[number]): string {
  return command.membersOnly
    ? `${command.does} (owners, members and collaborators)`
    : command.does;
}

/** A question read for a command. */
export type ParsedCommand =
  | {
      kind: "command";
      name: CommandName;
      /** What follows the command; "" asks the thread's previous question (`/help` takes none). */
      question: string;
    }
  | {
      kind: "unknown";
      /** As written, without the slash. */
      name: string;
      /** The known command it is closest to, if any. */
      suggestion?: CommandName;
    };

// `/name` first in the question, then a space or nothing: `/etc/hosts` and
// `/usr/bin` are paths, not commands. The question is what the mention left,
// so a command in a code span or a quote never starts it.
const COMMAND = /^\/([A-Za-z][A-Za-z-]*)(?=\s|$)\s*([\s\S]*)$/;

/**
 * The command a question starts with, or undefined when it is a plain
 * question (no command, or the slash starts a path). The command's name is
 * compared without regard to case.
 *
 * @example
 * parseCommand("/sources where is the retry decided?") // { kind: "command", name: "sources", question: "where is the retry decided?" }
 * parseCommand("/deeper")                             // { kind: "command", name: "deeper", question: "" }
 * parseCommand("/sourcse where?")                     // { kind: "unknown", name: "sourcse", suggestion: "sources" }
 * parseCommand("why is `/help` slow?")                // undefined
 */
export function parseCommand(question: string): ParsedCommand | undefined {
  const match = COMMAND.exec(question.trim());
  if (!match) return undefined;
  const written = match[1] as string;
  const rest = (match[2] ?? "").trim();
  const names = COMMANDS.map((c) => c.name);
  const name = names.find((n) => n === written.toLowerCase());
  if (name) return { kind: "command", name, question: rest };
  const suggestion = didYouMean(written.toLowerCase(), names) as
    CommandName | undefined;
  return { kind: "unknown", name: written, ...(suggestion && { suggestion }) };
}
