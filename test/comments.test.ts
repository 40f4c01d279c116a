// Comments in src/ and bench/ say why, never when: no dates, no commit ids, no "until ..."/"before ..."
// stories of what the code once was (git log holds the history). Citations of papers by year
// (Luby, Sinclair & Zuckerman 1993) are not dates.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '..');
/** The code whose comments are checked. */
const CODE = ['src', 'bench'];
const MONTH = '(?:Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Sept|Oct|Nov|Dec)[a-z]*\\.?';
/** What a comment must not hold, each with a name for the failure message. */
const FORBIDDEN: [string, RegExp][] = [
  [
    'a date',
    // A day and a month, with or without the year (1 Dec, Dec 1, Dec 2026, 2026-12-01).
    new RegExp(`\\b\\d{1,2} ${MONTH}(?![a-z])|\\b${MONTH} \\d{1,2}\\b|\\b${MONTH} \\d{4}\\b|\\b\\d{4}-\\d{2}-\\d{2}\\b`),
  ],
  ['a commit id', /\b(?=[0-9a-f]*[a-f])(?=[0-9a-f]*[0-9])[0-9a-f]{7,40}\b/],
  [
    'a story of what the code was',
    /\b(?:until|before|since|as of) (?:the )?(?:\d|today|yesterday|(?:morning|afternoon|evening)\b|commit\b|[0-9a-f]{7})|\b(?:this|that|the same|the next) (?:morning|afternoon|evening)\b|\b(?:of|at) that time\b|\bas (?:it|they) then (?:was|were)\b|\b(?:morning|afternoon|evening)'s\b/i,
  ],
  ['a story of what the code was', /\b(?:was|were) (?:changed|kept|dropped|added) (?:on|in|at) /i],
];

/** Tokens after which a slash divides; anywhere else it starts a regular expression. */
const ENDS_OPERAND = new Set([
  ts.SyntaxKind.Identifier,
  ts.SyntaxKind.NumericLiteral,
  ts.SyntaxKind.StringLiteral,
  ts.SyntaxKind.CloseParenToken,
  ts.SyntaxKind.CloseBracketToken,
  ts.SyntaxKind.CloseBraceToken,
  ts.SyntaxKind.NoSubstitutionTemplateLiteral,
  ts.SyntaxKind.TemplateTail,
  ts.SyntaxKind.ThisKeyword,
]);

/** The comments of a TypeScript source, with the line each starts on. */
function commentsOf(text: string): { line: number; text: string }[] {
  const scanner = ts.createScanner(ts.ScriptTarget.Latest, false, ts.LanguageVariant.Standard, text);
  const found: { line: number; text: string }[] = [];
  // Brace depth at each open template substitution: its closing brace goes on with the template.
  const templates: number[] = [];
  let braces = 0;
  let last = ts.SyntaxKind.Unknown;
  for (let kind = scanner.scan(); kind !== ts.SyntaxKind.EndOfFileToken; kind = scanner.scan()) {
    if (kind === ts.SyntaxKind.SingleLineCommentTrivia || kind === ts.SyntaxKind.MultiLineCommentTrivia) {
      found.push({ line: text.slice(0, scanner.getTokenStart()).split('\n').length, text: scanner.getTokenText() });
      continue;
    }
    if (kind === ts.SyntaxKind.NewLineTrivia || kind === ts.SyntaxKind.WhitespaceTrivia) continue;
    if ((kind === ts.SyntaxKind.SlashToken || kind === ts.SyntaxKind.SlashEqualsToken) && !ENDS_OPERAND.has(last))
      kind = scanner.reScanSlashToken();
    else if (kind === ts.SyntaxKind.OpenBraceToken) braces++;
    else if (kind === ts.SyntaxKind.CloseBraceToken) {
      if (templates.at(-1) === braces) {
        kind = scanner.reScanTemplateToken(false);
        if (kind === ts.SyntaxKind.TemplateTail) templates.pop();
      } else braces--;
    }
    if (kind === ts.SyntaxKind.TemplateHead) templates.push(braces);
    last = kind;
  }
  return found;
}

const sources = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? sources(join(dir, e.name)) : e.name.endsWith('.ts') ? [join(dir, e.name)] : [],
  );

describe('comments in src/ and bench/', () => {
  it('find what they are asked to find', () => {
    const flagged = (comment: string): string[] => FORBIDDEN.filter(([, re]) => re.test(comment)).map(([what]) => what);
    expect(flagged('// measured 2 Dec 2026 evening')).toEqual(['a date']);
    expect(flagged('// the plan of December 2026')).toEqual(['a date']);
    expect(flagged('// since 2026-12-01')).toEqual(['a date', 'a story of what the code was']);
    expect(flagged('// at 885d65a the rounds began small')).toEqual(['a commit id']);
    expect(flagged('// the passes as they were until the evening')).toEqual(['a story of what the code was']);
    expect(flagged('// results/thoughtful.csv of 1 Dec afternoon')).toEqual(['a date']);
    expect(flagged('// measured the same evening, the unit as it then was')).toEqual(['a story of what the code was']);
    expect(flagged('// the plain first round of that time')).toEqual(['a story of what the code was']);
    expect(flagged('// 2 decks, 13 cards a suit; rounds of 64 passes; 1,000 deals')).toEqual([]);
    expect(flagged('// Luby, Sinclair & Zuckerman 1993; 1,024 positions; 0x9e3779b9 deadbeef')).toEqual([]);
    const code =
      // biome-ignore lint/suspicious/noTemplateCurlyInString: a source text, whose templates are the point
      'const re = /a\\/\\/b/g; // one\nconst t = `x ${{ a: 1 }.a} // not ${`y ${2}`} one` / 2; /* two */\nif (t) { f(); } // three';
    expect(commentsOf(code).map((c) => c.text)).toEqual(['// one', '/* two */', '// three']);
  });

  it('hold no dates, commit ids or stories of what the code was', () => {
    const found: string[] = [];
    for (const file of CODE.flatMap((dir) => sources(join(ROOT, dir)))) {
      for (const comment of commentsOf(readFileSync(file, 'utf8'))) {
        for (const [what, re] of FORBIDDEN) {
          const m = re.exec(comment.text);
          if (m) found.push(`${file.slice(ROOT.length + 1)}:${comment.line}: ${what}: '${m[0]}'`);
        }
      }
    }
    expect(found).toEqual([]);
  });
});
