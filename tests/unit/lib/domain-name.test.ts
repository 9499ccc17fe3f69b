import { describe, expect, it } from 'vitest';
import { checkDomainLabel, DOMAIN_LABEL_MESSAGES, isValidDomainLabel, MAX_LABEL_LENGTH } from '../../../src/lib/domain-name.ts';

describe('isValidDomainLabel (SPEC §5)', () => {
  it.each(['kraus', 'mueller-bau', 'müller-bau', 'straße', 'öl-und-gas', 'über24', '4711', 'a', 'KRAUS', 'Bäckerei'])(
    'accepts %s',
    (label) => expect(isValidDomainLabel(label)).toBe(true),
  );

  it.each([
    ['', 'empty'],
    ['   ', 'empty'],
    ['mein_laden', 'underscore'],
    ['kraus.de', 'dot'],
    ['www.kraus', 'dot'],
    ['kraus webentwicklung', 'invalid-character'],
    ['café', 'invalid-character'],
    ['kraus&co', 'invalid-character'],
    ['-kraus', 'hyphen-edge'],
    ['kraus-', 'hyphen-edge'],
    ['xn--mller-kva', 'reserved-hyphens'],
    ['a'.repeat(MAX_LABEL_LENGTH + 1), 'too-long'],
  ] as const)('rejects %j (%s)', (label, problem) => {
    expect(checkDomainLabel(label)).toEqual({ valid: false, problem });
    expect(isValidDomainLabel(label)).toBe(false);
  });

  it('ignores case and surrounding spaces and returns the label as registered', () => {
    expect(checkDomainLabel('  Müller-Bau ')).toEqual({ valid: true, label: 'müller-bau' });
    expect(checkDomainLabel('GROẞ')).toEqual({ valid: true, label: 'groß' });
  });

  it('counts the length in the encoded form, where umlauts take more room', () => {
    expect(isValidDomainLabel('a'.repeat(MAX_LABEL_LENGTH))).toBe(true);
    // 60 visible characters, but 'xn--' plus an encoding suffix pushes it over 63.
    expect(checkDomainLabel(`ü${'a'.repeat(59)}`)).toEqual({ valid: false, problem: 'too-long' });
  });

  it('has a German message for every problem', () => {
    for (const message of Object.values(DOMAIN_LABEL_MESSAGES)) expect(message).toMatch(/^[A-ZÄÖÜ].+\.$/u);
  });
});
