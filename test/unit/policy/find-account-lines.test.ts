import { findAccountLines } from "../../../src/policy/find-account-lines.js";

const taken = (text: string) =>
  findAccountLines(text).map(({ start, end, label }) => [
    text.slice(start, end),
    label,
  ]);

describe("findAccountLines", () => {
  it.each([
    ["root:x:0:0:root:/root:/bin/bash", "passwd entry"],
    ["daemon:x:1:1:daemon:/usr/sbin:/usr/sbin/nologin", "passwd entry"],
    ["app:x:1000:1000::/home/app:", "passwd entry"],
    ["www-data:x:33:33:www-data,,,:/var/www:/usr/sbin/nologin", "passwd entry"],
    ["svc$:*:500:500:Samba machine:/nonexistent:/bin/false", "passwd entry"],
    ["root:*:19000:0:99999:7:::", "shadow entry"],
    ["root:!::0:99999:7:::", "shadow entry"],
    ["bob:$y$j9T$abc$def:19500:0:99999:7:::", "shadow entry"],
  ])("takes %j whole as a %s", (line, label) => {
    expect(taken(`text\n${line}\nmore`)).toStrictEqual([[line, label]]);
    // In a code span or a shell command as well.
    expect(taken(`see \`${line}\` here`)).toStrictEqual([[line, label]]);
  });

  it.each([
    "time 12:30:00, ratio a:b:1:2",
    "std::vector<int>::iterator and a::b::c",
    "https://host:8080/a:b and ssh git@host:org/repo.git",
    "postgres://app:secret@db:5432/app",
    "key: value: 1: 2: /x: /y",
    "fe80::1:2:3:4 is an IPv6 address",
    "x:x:0:0 with no home",
  ])("leaves %j", (text) => {
    expect(findAccountLines(text)).toStrictEqual([]);
  });
});
