import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

/**
 * Astro's HTML compression drops a run of whitespace that holds a line break when it stands
 * between text and an expression or an inline element: 'entstand die⏎{site.name}' was built as
 * 'entstand dieKraus Webentwicklung GmbH' on /ueber-uns (issue 36), 'in der⏎<a …>' as 'in der<a'.
 * The space has to be written where the line breaks ({' '} at the end of the line). This check
 * finds template lines of running text whose next line opens an expression or an inline element.
 */

// A line opening with the written space ({' '}) is fine; so is an icon, which its gap sets apart.
const INLINE_START = /^(\{(?!\/\*|' '\})|<(a|abbr|b|code|em|i|kbd|span|strong|time)\b|<(?!Icon\b)[A-Z]\w*\b)/;
/** The line ends in running text: a letter, a digit or punctuation of a sentence, not markup or code. */
const TEXT_END = /[\p{L}\p{N},;:–„“)]$/u;

export function gluedLines(source: string): number[] {
  const lines = source.split('\n');
  // The template begins after the front matter's closing fence.
  const start = lines[0]?.trim() === '---' ? lines.indexOf('---', 1) + 1 : 0;
  const glued: number[] = [];
  let inScript = false;
  for (let index = start; index < lines.length - 1; index += 1) {
    const line = lines[index]!.trimEnd();
    if (/<(script|style)\b/.test(line)) inScript = true;
    if (/<\/(script|style)>/.test(line)) inScript = false;
    const next = lines[index + 1]!.trim();
    const isText = TEXT_END.test(line) && !/^\s*(\/\/|\*|\{\/\*)/.test(line) && !/^\s*[\w.]+[,(]?$/.test(line.trim());
    if (!inScript && isText && !/[=>{}(,]\s*$/.test(line.replace(/[\p{L}\p{N};:–„“)]$/u, '')) && INLINE_START.test(next) && /\s\S+$/.test(line.trim())) glued.push(index + 1);
  }
  return glued;
}

describe('whitespace between text and markup in .astro templates', () => {
  it('finds the pattern that lost the space on /ueber-uns', () => {
    expect(gluedLines('---\nconst a = 1;\n---\n<p>\n  entstand die\n  {site.name}, die seit\n</p>\n')).toEqual([5]);
    expect(gluedLines('<p>\n  finden Sie in der\n  <a href="/domains">Preise</a>.\n</p>\n')).toEqual([2]);
    expect(gluedLines("<p>\n  entstand die{' '}\n  {site.name}\n</p>\n")).toEqual([]);
    expect(gluedLines('<p>\n  Text ohne Umbruch vor Markup\n  und weiter.\n</p>\n')).toEqual([]);
  });

  it('no page or component of the site has it', () => {
    const files = execFileSync('git', ['ls-files', 'src/**/*.astro'], { encoding: 'utf8' }).trim().split('\n');
    const found = files.flatMap((file) => gluedLines(readFileSync(file, 'utf8')).map((line) => `${file}:${line}`));
    expect(found).toEqual([]);
  });
});
