/**
 * The section headings of a mission's output template (`##` and `###`),
 * in order: the parts the answer must fill. Headings inside fenced code
 * blocks are examples, not sections.
 *
 * @example
 * outputSections("## Where it lives\nFiles…\n\n## Likely code path\n…")
 * // ["Where it lives", "Likely code path"]
 */
export function outputSections(template: string): string[] {
  const sections: string[] = [];
  let fence: string | undefined;
  for (const line of template.split("\n")) {
    const marker = /^ {0,3}(`{3,}|~{3,})/.exec(line)?.[1];
    if (marker) {
      if (fence === undefined) fence = marker;
      else if (marker[0] === fence[0] && marker.length >= fence.length)
        fence = undefined;
      continue;
    }
    if (fence !== undefined) continue;
    const heading = /^#{2,3}[ \t]+(.+?)[ \t#]*$/.exec(line)?.[1];
    if (heading) sections.push(heading);
  }
  return sections;
}
