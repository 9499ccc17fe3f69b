import { describe, expect, it } from 'vitest';
import { escapeHtml } from '../../../src/lib/html.ts';
import { telHref } from '../../../src/lib/phone.ts';

describe('escapeHtml and telHref', () => {
  it('escapes HTML special characters', () => {
    expect(escapeHtml(`<a href="x">'&'</a>`)).toBe('&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;');
    expect(telHref('0221 987654-30')).toBe('tel:022198765430');
  });
});
