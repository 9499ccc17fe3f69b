import type { AFRelationship, PDFDocument, PDFName, PDFObject, PDFRef } from '@cantoo/pdf-lib';
import type { InvoiceService } from '@e-invoice-eu/core';
import { onFormatWriter, wrapMethod } from './format-hooks.ts';

/**
 * Repairs of @e-invoice-eu/core 2.3.4's Factur-X PDF writer, which takes our PDF (pdfkit, see
 * src/server/documents/pdf.ts) and makes it PDF/A-3 with the CII attached. Its last step
 * (`createPDFA`) overwrites what our PDF already says right and what it cannot know:
 * - the title becomes '<seller>: Invoice <number>' also on a Stornorechnung, the subject and the
 *   XMP title an English (or translated) 'Invoice … dated … issued by …';
 * - every date (Info, XMP, the attached factur-x.xml) is the moment of rendering, so the same
 *   invoice never gives the same bytes twice;
 * - Info and XMP disagree (Creator, Producer, Keywords), and the language becomes 'de-de';
 * - our structure tree (the tagging for screen readers) is replaced by an empty one.
 * The wrapper keeps our Info (title naming the document's kind, subject, author, dates, language)
 * and structure tree, writes the XMP from the same values (with the PDF/A and Factur-X parts the
 * library writes), and attaches the XML with the document's date. What the library does besides
 * (output intent, AF relationships, link flags, trailer ID from the invoice) stays.
 */

/** The Factur-X profile we write (./e-invoice.ts): its XMP values (Factur-X 1.0 spec, § 6.2.2). */
const FACTUR_X = { fileName: 'factur-x.xml', version: '1.0', conformanceLevel: 'EN 16931' } as const;

const escapeXml = (text: string): string => text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;');

export interface XmpValues {
  title: string;
  subject: string;
  author: string;
  creator: string;
  producer: string;
  keywords: string;
  date: Date;
}

/** XMP date: UTC with seconds, as pdfkit writes it. */
const xmpDate = (date: Date): string => `${date.toISOString().slice(0, 19)}Z`;

/** The PDF/A-3B XMP of a Factur-X EN 16931 invoice: the Info values, pdfaid, the Factur-X extension schema and its values. */
export function facturXXmp(values: XmpValues): string {
  const date = xmpDate(values.date);
  const property = (name: string, description: string) => `
          <rdf:li rdf:parseType="Resource">
            <pdfaProperty:name>${name}</pdfaProperty:name>
            <pdfaProperty:valueType>Text</pdfaProperty:valueType>
            <pdfaProperty:category>external</pdfaProperty:category>
            <pdfaProperty:description>${description}</pdfaProperty:description>
          </rdf:li>`;
  return `<?xpacket begin="\u{feff}" id="W5M0MpCehiHzreSzNTczkc9d"?>
<x:xmpmeta xmlns:x="adobe:ns:meta/">
  <rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">
    <rdf:Description rdf:about="" xmlns:pdfaid="http://www.aiim.org/pdfa/ns/id/">
      <pdfaid:part>3</pdfaid:part>
      <pdfaid:conformance>B</pdfaid:conformance>
    </rdf:Description>
    <rdf:Description rdf:about="" xmlns:dc="http://purl.org/dc/elements/1.1/">
      <dc:format>application/pdf</dc:format>
      <dc:title><rdf:Alt><rdf:li xml:lang="x-default">${escapeXml(values.title)}</rdf:li></rdf:Alt></dc:title>
      <dc:creator><rdf:Seq><rdf:li>${escapeXml(values.author)}</rdf:li></rdf:Seq></dc:creator>
      <dc:description><rdf:Alt><rdf:li xml:lang="x-default">${escapeXml(values.subject)}</rdf:li></rdf:Alt></dc:description>
      <dc:language><rdf:Bag><rdf:li>de-DE</rdf:li></rdf:Bag></dc:language>
    </rdf:Description>
    <rdf:Description rdf:about="" xmlns:pdf="http://ns.adobe.com/pdf/1.3/">
      <pdf:Producer>${escapeXml(values.producer)}</pdf:Producer>
      <pdf:Keywords>${escapeXml(values.keywords)}</pdf:Keywords>
    </rdf:Description>
    <rdf:Description rdf:about="" xmlns:xmp="http://ns.adobe.com/xap/1.0/">
      <xmp:CreatorTool>${escapeXml(values.creator)}</xmp:CreatorTool>
      <xmp:CreateDate>${date}</xmp:CreateDate>
      <xmp:ModifyDate>${date}</xmp:ModifyDate>
      <xmp:MetadataDate>${date}</xmp:MetadataDate>
    </rdf:Description>
    <rdf:Description rdf:about="" xmlns:pdfaExtension="http://www.aiim.org/pdfa/ns/extension/" xmlns:pdfaSchema="http://www.aiim.org/pdfa/ns/schema#" xmlns:pdfaProperty="http://www.aiim.org/pdfa/ns/property#">
      <pdfaExtension:schemas><rdf:Bag>
        <rdf:li rdf:parseType="Resource">
          <pdfaSchema:schema>Factur-X PDFA Extension Schema</pdfaSchema:schema>
          <pdfaSchema:namespaceURI>urn:factur-x:pdfa:CrossIndustryDocument:invoice:1p0#</pdfaSchema:namespaceURI>
          <pdfaSchema:prefix>fx</pdfaSchema:prefix>
          <pdfaSchema:property><rdf:Seq>${[
            property('DocumentFileName', 'The name of the embedded XML document'),
            property('DocumentType', 'The type of the hybrid document in capital letters, e.g. INVOICE or ORDER'),
            property('Version', 'The actual version of the standard applying to the embedded XML document'),
            property('ConformanceLevel', 'The conformance level of the embedded XML document'),
          ].join('')}
          </rdf:Seq></pdfaSchema:property>
        </rdf:li>
      </rdf:Bag></pdfaExtension:schemas>
    </rdf:Description>
    <rdf:Description rdf:about="" xmlns:fx="urn:factur-x:pdfa:CrossIndustryDocument:invoice:1p0#">
      <fx:DocumentType>INVOICE</fx:DocumentType>
      <fx:DocumentFileName>${FACTUR_X.fileName}</fx:DocumentFileName>
      <fx:Version>${FACTUR_X.version}</fx:Version>
      <fx:ConformanceLevel>${FACTUR_X.conformanceLevel}</fx:ConformanceLevel>
    </rdf:Description>
  </rdf:RDF>
</x:xmpmeta>
<?xpacket end="w"?>`;
}

/** The document's date as our PDF states it (pdfkit: the invoice date, ./index.ts). */
function documentDate(pdfDoc: PDFDocument): Date {
  const date = pdfDoc.getCreationDate();
  if (!date) throw new Error('Factur-X: das PDF nennt kein Erstellungsdatum.');
  return date;
}

/**
 * pdf-lib's PDFName for this document. Taken from the document itself, not imported: the library
 * loads pdf-lib's CommonJS build, an import here may get its ES build, and names of the one are
 * not keys of the other's dictionaries.
 */
function nameOf(pdfDoc: PDFDocument, name: string): PDFName {
  const names = pdfDoc.catalog.keys()[0]!.constructor as unknown as { of(name: string): PDFName };
  return names.of(name);
}

/** Whether the value is an indirect reference (duck-typed for the same reason as nameOf). */
const isRef = (value: PDFObject | undefined): value is PDFRef => value !== undefined && 'objectNumber' in value && 'generationNumber' in value;

interface AttachedFile {
  filename: string;
  buffer: Uint8Array;
  mimetype: string;
  description?: string;
}

/** Makes this service's Factur-X writer keep our metadata and tagging (see above); `keywords` name the document's kind. */
export function keepOurPdfMetadata(service: InvoiceService, keywords: string): void {
  onFormatWriter(service, (writer) => {
    if (typeof writer.createPDFA !== 'function') return;
    // The library's attachFile, with the document's date instead of the moment of rendering.
    wrapMethod<[PDFDocument, AttachedFile, AFRelationship], Promise<void>>(writer, 'attachFile', () => async (pdfDoc, file, relationship) => {
      const date = documentDate(pdfDoc);
      await pdfDoc.attach(file.buffer, file.filename, {
        mimeType: file.mimetype,
        description: file.description ?? 'Supplementary file',
        creationDate: date,
        modificationDate: date,
        afRelationship: relationship,
      });
    });
    wrapMethod<[PDFDocument, ...unknown[]], Promise<void>>(writer, 'createPDFA', (original) => async (pdfDoc, ...rest) => {
      const catalog = pdfDoc.catalog;
      const key = (name: string) => nameOf(pdfDoc, name);
      const ours = {
        structTreeRoot: catalog.get(key('StructTreeRoot')),
        metadata: catalog.get(key('Metadata')),
        lang: catalog.get(key('Lang')),
      };
      const values: XmpValues = {
        title: pdfDoc.getTitle() ?? '',
        subject: pdfDoc.getSubject() ?? '',
        author: pdfDoc.getAuthor() ?? '',
        creator: pdfDoc.getCreator() ?? '',
        producer: pdfDoc.getProducer() ?? '',
        keywords,
        date: documentDate(pdfDoc),
      };
      await original(pdfDoc, ...rest);

      // What the library put in place of ours goes, so no orphan object stays in the file.
      for (const name of ['StructTreeRoot', 'Metadata'] as const) {
        const theirs = catalog.get(key(name));
        if (isRef(theirs)) pdfDoc.context.delete(theirs);
      }
      if (ours.structTreeRoot) catalog.set(key('StructTreeRoot'), ours.structTreeRoot);
      // Our XMP is written anew below, from the same values as the Info dictionary.
      if (isRef(ours.metadata)) pdfDoc.context.delete(ours.metadata);
      if (ours.lang) catalog.set(key('Lang'), ours.lang);

      pdfDoc.setTitle(values.title, { showInWindowTitleBar: true });
      pdfDoc.setSubject(values.subject);
      pdfDoc.setAuthor(values.author);
      pdfDoc.setCreator(values.creator);
      pdfDoc.setProducer(values.producer);
      pdfDoc.setKeywords([values.keywords]);
      pdfDoc.setCreationDate(values.date);
      pdfDoc.setModificationDate(values.date);
      const xmp = new TextEncoder().encode(facturXXmp(values));
      const stream = pdfDoc.context.stream(xmp, { Type: 'Metadata', Subtype: 'XML', Length: xmp.length });
      catalog.set(key('Metadata'), pdfDoc.context.register(stream));
    });
  });
}
