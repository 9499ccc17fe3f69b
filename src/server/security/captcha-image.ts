import { randomInt } from 'node:crypto';
import { GLYPH_HEIGHT, GLYPH_WIDTH, glyphPixel } from './captcha-font.ts';
import { encodeGrayPng } from './png.ts';

const CAPTCHA_IMAGE_WIDTH = 240;
const CAPTCHA_IMAGE_HEIGHT = 70;

const BACKGROUND = 246;
const INK_DARKEST = 20;
const INK_LIGHTEST = 70;

/** A random float in [min, max) from the CSPRNG, so the distortion cannot be predicted. */
function random(min: number, max: number): number {
  return min + (randomInt(0, 1_000_000) / 1_000_000) * (max - min);
}

/**
 * Draws the code as a PNG: each character scaled, sheared, rotated and shifted on its own,
 * the whole picture bent by a sine wave, crossed by lines and sprinkled with dots. Plain
 * template matching fails on it; a person reads it easily (dark ink on a light ground).
 */
export function renderCaptchaPng(code: string): Buffer {
  const width = CAPTCHA_IMAGE_WIDTH;
  const height = CAPTCHA_IMAGE_HEIGHT;
  const ink = new Uint8Array(width * height).fill(BACKGROUND);
  const cell = width / (code.length + 1);

  [...code].forEach((char, index) => {
    const scale = random(4.4, 5.2);
    const angle = random(-0.25, 0.25);
    const shear = random(-0.3, 0.3);
    const shade = Math.round(random(INK_DARKEST, INK_LIGHTEST));
    const centerX = cell * (index + 1) + random(-4, 4);
    const centerY = height / 2 + random(-6, 6);
    const cos = Math.cos(angle);
    const sin = Math.sin(angle);
    // Inverse mapping: for each pixel of the character's box, which glyph cell it shows.
    const reach = Math.ceil(Math.max(GLYPH_WIDTH, GLYPH_HEIGHT) * scale);
    for (let py = -reach; py <= reach; py++) {
      for (let px = -reach; px <= reach; px++) {
        const rx = (px * cos + py * sin) / scale;
        const ry = (-px * sin + py * cos) / scale;
        const gx = Math.floor(rx - shear * ry + GLYPH_WIDTH / 2);
        const gy = Math.floor(ry + GLYPH_HEIGHT / 2);
        if (gx < 0 || gy < 0 || gx >= GLYPH_WIDTH || gy >= GLYPH_HEIGHT || !glyphPixel(char, gx, gy)) continue;
        const x = Math.round(centerX + px);
        const y = Math.round(centerY + py);
        if (x >= 0 && y >= 0 && x < width && y < height) ink[y * width + x] = shade;
      }
    }
  });

  // Bend the whole picture so characters cannot be cut apart along straight columns.
  const amplitude = random(2.5, 4.5);
  const period = random(40, 70);
  const phase = random(0, Math.PI * 2);
  const pixels = new Uint8Array(width * height).fill(BACKGROUND);
  for (let x = 0; x < width; x++) {
    const offset = Math.round(amplitude * Math.sin((x / period) * Math.PI * 2 + phase));
    for (let y = 0; y < height; y++) {
      const sourceY = y - offset;
      if (sourceY >= 0 && sourceY < height) pixels[y * width + x] = ink[sourceY * width + x]!;
    }
  }

  // Lines through the text and speckles in the background.
  for (let line = 0; line < 3; line++) {
    const shade = Math.round(random(60, 150));
    const y0 = random(10, height - 10);
    const slope = random(-0.25, 0.25);
    for (let x = 0; x < width; x++) {
      const y = Math.round(y0 + slope * (x - width / 2) + 2 * Math.sin(x / 9 + line));
      if (y >= 0 && y < height) pixels[y * width + x] = shade;
    }
  }
  for (let dot = 0; dot < 350; dot++) {
    pixels[randomInt(0, width * height)] = Math.round(random(90, 200));
  }
  return encodeGrayPng(width, height, pixels);
}
