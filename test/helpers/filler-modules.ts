/**
 * Python modules of handlers no question names, about 400 tokens each: a
 * repository made larger than a context's budget with them is ranked and
 * packed, not shown whole.
 *
 * @example
 * writeFiles(root, { ...fillerModules(60), "src/upload.py": UPLOAD_PY });
 */
export function fillerModules(count: number): Record<string, string> {
  return Object.fromEntries(
    Array.from({ length: count }, (_, m) => [
      `src/module_${m}.py`,
      Array.from(
        { length: 40 },
        (_, f) =>
          `def handler_${m}_${f}(request):\n    return request.value + ${f}\n`,
      ).join("\n"),
    ]),
  );
}
