import type { InvoiceService } from '@e-invoice-eu/core';

/**
 * The one place that reaches into @e-invoice-eu/core 2.3.4's internals (pinned exactly): its
 * InvoiceService creates a format writer per generate() through an internal factory, and the
 * repairs of its output (./cii-repairs.ts, ./factur-x-pdf.ts) hook into the writer that one
 * service instance creates – never into the library's shared classes, so concurrent invoices do
 * not see each other's hooks. The document tests read every repaired detail back and fail if a
 * hook stops working, e.g. after an update that changes the internals (then the hook goes or moves).
 */

/** A format writer, with the methods the repairs wrap; each is optional, checked where used. */
export type FormatWriter = Record<string, unknown>;

interface FactoryInternals {
  createFormatService: (format: string, logger: unknown) => FormatWriter;
}

/** Calls `hook` with every format writer this service creates (after the ones hooked before). Throws if the internals changed. */
export function onFormatWriter(service: InvoiceService, hook: (writer: FormatWriter, format: string) => void): void {
  const factory = (service as unknown as { formatFactoryService?: FactoryInternals }).formatFactoryService;
  if (!factory || typeof factory.createFormatService !== 'function') throw new Error('@e-invoice-eu/core: interne Formatfabrik nicht gefunden (Version geändert?).');
  const create = factory.createFormatService.bind(factory);
  factory.createFormatService = (format, logger) => {
    const writer = create(format, logger);
    hook(writer, format);
    return writer;
  };
}

/** Replaces `writer[name]` by `wrap(original)`; throws when the writer has no such method (internals changed). */
export function wrapMethod<A extends unknown[], R>(writer: FormatWriter, name: string, wrap: (original: (...args: A) => R) => (...args: A) => R): void {
  const original = writer[name];
  if (typeof original !== 'function') throw new Error(`@e-invoice-eu/core: Methode ${name} des Format-Writers nicht gefunden (Version geändert?).`);
  writer[name] = wrap((original as (...args: A) => R).bind(writer));
}
