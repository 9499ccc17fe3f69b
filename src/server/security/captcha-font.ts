/**
 * A 5×7 bitmap font for the captcha alphabet (no 0/O, 1/I/L: they are too easy to confuse).
 * Each glyph is seven rows of five pixels, '#' set.
 */
const GLYPHS: Record<string, string> = {
  A: ' ### #   ##   #######   ##   ##   #',
  B: '#### #   ##   ##### #   ##   ##### ',
  C: ' ### #   ##    #    #    #   # ### ',
  D: '#### #   ##   ##   ##   ##   ##### ',
  E: '######    #    #### #    #    #####',
  F: '######    #    #### #    #    #    ',
  G: ' ### #   ##    # ####   ##   # ####',
  H: '#   ##   ##   #######   ##   ##   #',
  J: '  ###   #    #    #    # #  #  ##  ',
  K: '#   ##  # # #  ##   # #  #  # #   #',
  L: '#    #    #    #    #    #    #####',
  M: '#   ### ### # ##   ##   ##   ##   #',
  N: '#   ###  ## # ##  ###   ##   ##   #',
  P: '#### #   ##   ##### #    #    #    ',
  Q: ' ### #   ##   ##   ## # ##  #  ## #',
  R: '#### #   ##   ##### # #  #  # #   #',
  S: ' #####    #     ###     #    ##### ',
  T: '#####  #    #    #    #    #    #  ',
  U: '#   ##   ##   ##   ##   ##   # ### ',
  V: '#   ##   ##   ##   ##   # # #   #  ',
  W: '#   ##   ##   ## # ## # ## # # # # ',
  X: '#   ##   # # #   #   # # #   ##   #',
  Y: '#   ##   # # #   #    #    #    #  ',
  Z: '#####    #   #   #   #   #    #####',
  '2': ' ### #   #    #   #   #   #   #####',
  '3': '#####   #   #   ###     ##   # ### ',
  '4': '   #   ##  # # #  # #####   #    # ',
  '5': '######    ####     #    ##   # ### ',
  '6': '  ##  #   #    #### #   ##   # ### ',
  '7': '#####    #   #   #   #    #    #   ',
  '8': ' ### #   ##   # ### #   ##   # ### ',
  '9': ' ### #   ##   # ####    #   #  ##  ',
};

export const GLYPH_WIDTH = 5;
export const GLYPH_HEIGHT = 7;

export const CAPTCHA_ALPHABET = Object.keys(GLYPHS).join('');

/** Whether the pixel (x, y) of a glyph is set. */
export function glyphPixel(char: string, x: number, y: number): boolean {
  const rows = GLYPHS[char];
  if (!rows) throw new Error(`Kein Captcha-Zeichen: ${char}`);
  return rows[y * GLYPH_WIDTH + x] === '#';
}
