import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Issue 23: every decision record says when it was taken and whether it still holds, in the line
 * under its title, so a reader knows at once whether to trust it.
 */
const dir = 'docs/decisions';
const records = readdirSync(dir).filter((name) => /^\d{4}-.+\.md$/.test(name));

describe('decision records', () => {
  it('exist', () => {
    expect(records.length).toBeGreaterThan(40);
  });

  it.each(records)('%s: title with its number, then a date and a status line', (name) => {
    const [title, blank, dateAndStatus] = readFileSync(join(dir, name), 'utf8').split('\n');
    expect(title).toMatch(new RegExp(`^# ${name.slice(0, 4)}\\b`));
    expect(blank).toBe('');
    expect(dateAndStatus).toMatch(/^Date: \d{4}-\d{2}-\d{2} · Status: (accepted|superseded|proposed)\b/);
  });
});
