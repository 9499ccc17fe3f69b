import { decodePDFRawStream, PDFArray, PDFBool, PDFDict, PDFDocument, PDFHexString, PDFName, PDFNumber, PDFRawStream, PDFString, type PDFObject } from 'pdf-lib';

/**
 * What a PDF says about itself, read with pdf-lib (independent of pdfkit and of the e-invoice
 * library's pdf-lib fork): the Info dictionary, the XMP, the language and window title, the
 * structure tree for screen readers, and the dates of embedded files.
 */

export interface PdfMetadata {
  info: Record<'Title' | 'Subject' | 'Author' | 'Creator' | 'Producer' | 'Keywords' | 'CreationDate' | 'ModDate', string | null>;
  xmp: { title: string | null; description: string | null; createDate: string | null; modifyDate: string | null; metadataDate: string | null; text: string };
  lang: string | null;
  displayDocTitle: boolean;
  marked: boolean;
  /** Structure element types in tree order (depth first), e.g. ['Document', 'H1', 'P', …]; empty without a structure tree. */
  structure: string[];
  /** Marked-content references under the structure tree: how much content it reaches. */
  markedContentCount: number;
  /** /Params /CreationDate and /ModDate of each embedded file. */
  embeddedFileDates: { creationDate: string | null; modDate: string | null }[];
}

function stringOf(object: PDFObject | undefined): string | null {
  if (object instanceof PDFString || object instanceof PDFHexString) return object.decodeText();
  if (object instanceof PDFName) return object.decodeText();
  return null;
}

function xmpOf(doc: PDFDocument): string {
  const metadata = doc.catalog.lookup(PDFName.of('Metadata'));
  return metadata instanceof PDFRawStream ? new TextDecoder().decode(decodePDFRawStream(metadata).decode()) : '';
}

function xmpElement(xmp: string, element: string): string | null {
  const match = new RegExp(`<${element}>([\\s\\S]*?)</${element}>`).exec(xmp);
  if (!match) return null;
  // dc:title and dc:description hold their text in <rdf:Alt><rdf:li …>.
  const inner = /<rdf:li[^>]*>([\s\S]*?)<\/rdf:li>/.exec(match[1]!)?.[1] ?? match[1]!;
  return inner.trim().replaceAll('&lt;', '<').replaceAll('&gt;', '>').replaceAll('&quot;', '"').replaceAll('&amp;', '&');
}

function walk(doc: PDFDocument, node: PDFObject | undefined, into: { types: string[]; marked: number }): void {
  const value = node instanceof PDFDict || node instanceof PDFArray || node instanceof PDFNumber ? node : node ? doc.context.lookup(node) : undefined;
  if (value instanceof PDFNumber) {
    into.marked += 1;
  } else if (value instanceof PDFArray) {
    for (let index = 0; index < value.size(); index += 1) walk(doc, value.get(index), into);
  } else if (value instanceof PDFDict) {
    const type = value.lookupMaybe(PDFName.of('S'), PDFName);
    if (type) into.types.push(type.decodeText());
    if (value.get(PDFName.of('MCID'))) into.marked += 1;
    walk(doc, value.get(PDFName.of('K')), into);
  }
}

export async function readPdfMetadata(pdf: Uint8Array): Promise<PdfMetadata> {
  const doc = await PDFDocument.load(pdf, { updateMetadata: false });
  const infoRef = doc.context.trailerInfo.Info;
  const info = (infoRef ? doc.context.lookup(infoRef) : undefined) as PDFDict | undefined;
  const infoValue = (key: string) => stringOf(info?.lookup(PDFName.of(key)));
  const xmp = xmpOf(doc);
  const tree = { types: [] as string[], marked: 0 };
  const root = doc.catalog.lookupMaybe(PDFName.of('StructTreeRoot'), PDFDict);
  if (root) walk(doc, root.get(PDFName.of('K')), tree);
  const embeddedFileDates: PdfMetadata['embeddedFileDates'] = [];
  for (const [, object] of doc.context.enumerateIndirectObjects()) {
    if (!(object instanceof PDFRawStream) || object.dict.lookupMaybe(PDFName.of('Type'), PDFName)?.decodeText() !== 'EmbeddedFile') continue;
    const params = object.dict.lookupMaybe(PDFName.of('Params'), PDFDict);
    embeddedFileDates.push({ creationDate: stringOf(params?.lookup(PDFName.of('CreationDate'))), modDate: stringOf(params?.lookup(PDFName.of('ModDate'))) });
  }
  const viewer = doc.catalog.lookupMaybe(PDFName.of('ViewerPreferences'), PDFDict);
  return {
    info: {
      Title: infoValue('Title'),
      Subject: infoValue('Subject'),
      Author: infoValue('Author'),
      Creator: infoValue('Creator'),
      Producer: infoValue('Producer'),
      Keywords: infoValue('Keywords'),
      CreationDate: infoValue('CreationDate'),
      ModDate: infoValue('ModDate'),
    },
    xmp: {
      title: xmpElement(xmp, 'dc:title'),
      description: xmpElement(xmp, 'dc:description'),
      createDate: xmpElement(xmp, 'xmp:CreateDate'),
      modifyDate: xmpElement(xmp, 'xmp:ModifyDate'),
      metadataDate: xmpElement(xmp, 'xmp:MetadataDate'),
      text: xmp,
    },
    lang: stringOf(doc.catalog.lookup(PDFName.of('Lang'))),
    displayDocTitle: viewer?.lookup(PDFName.of('DisplayDocTitle')) === PDFBool.True,
    marked: doc.catalog.lookupMaybe(PDFName.of('MarkInfo'), PDFDict)?.lookup(PDFName.of('Marked')) === PDFBool.True,
    structure: tree.types,
    markedContentCount: tree.marked,
    embeddedFileDates,
  };
}
