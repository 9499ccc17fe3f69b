/**
 * The rule of issue 18 and PAngV: a consumer never reads a net price alone. A piece of text (a
 * line of a mail, a cell or paragraph of a page) may state a net amount ('80,00 € netto',
 * 'netto 80,00 €', '90 € zzgl. MwSt.') only after a gross amount in the same piece. Each net
 * marker belongs to the euro amount nearest to it; the piece passes when an amount without a
 * marker comes before the first marked one. Shared by the page sweep and the mail scan.
 */

const AMOUNT = /(?:\d{1,3}(?:\.\d{3})+|\d+)(?:,\d{2})?\s?€|€\s?\d+(?:[.,]\d{2})?/gu;
const NET_MARKER = /\bnetto\b|\bzzgl\.|\bzuzüglich\b|\bexkl\.|\bohne (?:MwSt|USt)/giu;

interface Span {
  start: number;
  end: number;
}

function spans(text: string, pattern: RegExp): Span[] {
  return [...text.matchAll(pattern)].map((match) => ({ start: match.index, end: match.index + match[0].length }));
}

function distance(a: Span, b: Span): number {
  return a.end <= b.start ? b.start - a.end : a.start >= b.end ? a.start - b.end : 0;
}

/** The net amounts of a piece of text that are not preceded by a gross amount; empty when it is fine. */
export function netOnlyAmounts(text: string): string[] {
  const amounts = spans(text, AMOUNT);
  const markers = spans(text, NET_MARKER);
  if (amounts.length === 0 || markers.length === 0) return [];
  const net = new Set<number>();
  for (const marker of markers) {
    let nearest = 0;
    for (let index = 1; index < amounts.length; index += 1) {
      if (distance(amounts[index]!, marker) < distance(amounts[nearest]!, marker)) nearest = index;
    }
    net.add(nearest);
  }
  const firstNet = Math.min(...net);
  const grossBefore = amounts.some((_amount, index) => index < firstNet && !net.has(index));
  return grossBefore ? [] : [...net].sort((a, b) => a - b).map((index) => text.slice(amounts[index]!.start, amounts[index]!.end));
}

/** Every piece that breaks the rule, with its net amounts, for a readable failure. */
export function netOnlyPieces(pieces: readonly string[]): { piece: string; amounts: string[] }[] {
  return pieces.flatMap((piece) => {
    const amounts = netOnlyAmounts(piece);
    return amounts.length > 0 ? [{ piece: piece.replace(/\s+/gu, ' ').trim(), amounts }] : [];
  });
}
