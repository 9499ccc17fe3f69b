import { readFile } from 'node:fs/promises';
import { inflateRawSync } from 'node:zlib';

/**
 * One file out of a function bundle (.netlify/functions/*.zip) – what Netlify would upload –
 * without an unzip program. Enough for these bundles: no ZIP64, no encryption, stored or deflated.
 */
export async function readZipEntry(zipPath: string, name: string): Promise<Buffer | undefined> {
  const zip = await readFile(zipPath);
  // End of central directory: at least 22 bytes from the end, followed by a comment of up to 64 KB.
  let end = -1;
  for (let i = zip.length - 22; i >= Math.max(0, zip.length - 22 - 0xffff); i--) {
    if (zip.readUInt32LE(i) === 0x06054b50) {
      end = i;
      break;
    }
  }
  if (end < 0) throw new Error(`${zipPath} ist kein ZIP-Archiv.`);
  const count = zip.readUInt16LE(end + 10);
  let entry = zip.readUInt32LE(end + 16);
  for (let n = 0; n < count; n++) {
    if (zip.readUInt32LE(entry) !== 0x02014b50) throw new Error(`${zipPath}: Zentralverzeichnis beschädigt.`);
    const method = zip.readUInt16LE(entry + 10);
    const compressedSize = zip.readUInt32LE(entry + 20);
    const nameLength = zip.readUInt16LE(entry + 28);
    const extraLength = zip.readUInt16LE(entry + 30);
    const commentLength = zip.readUInt16LE(entry + 32);
    const localHeader = zip.readUInt32LE(entry + 42);
    if (zip.toString('utf8', entry + 46, entry + 46 + nameLength) === name) {
      const dataStart = localHeader + 30 + zip.readUInt16LE(localHeader + 26) + zip.readUInt16LE(localHeader + 28);
      const data = zip.subarray(dataStart, dataStart + compressedSize);
      if (method === 0) return Buffer.from(data);
      if (method === 8) return inflateRawSync(data);
      throw new Error(`${zipPath}: ${name} mit Kompressionsmethode ${method}.`);
    }
    entry += 46 + nameLength + extraLength + commentLength;
  }
  return undefined;
}
