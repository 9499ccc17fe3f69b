import type { ReactNode } from 'react';

export interface Column<R> {
  /** The column's head, and the label each cell shows when the table is stacked on a narrow screen. */
  header: string;
  cell(row: R): ReactNode;
  /** The row's header cell (th scope=row): what names the row, usually the first column. */
  rowHeader?: boolean;
  /** Amounts: right-aligned, tabular figures, kept on one line. */
  numeric?: boolean;
  /**
   * Controls (a form, buttons): stacked, the column's head stands above them and they take the
   * row's whole width; beside the head they would widen the table past a phone's screen.
   */
  controls?: boolean;
}

type Breakpoint = 'sm' | 'md' | 'lg';

/*
 * Below the breakpoint each row stacks into a block and each cell shows its column's head before
 * the value, so a table of many columns fits a 320 px screen without scrolling sideways (WCAG
 * 1.4.10); a column of controls puts its head above them instead (`beside`, `above`). The value is
 * one element, the grid's second item beside the head, however many parts a cell has (a name and
 * an e-mail address). Stacked, a long word (an e-mail address) breaks anywhere: `break-word` would
 * keep its whole width as the table's narrowest, which then widens the page. The head row is then
 * hidden from the eye only (sr-only). The class strings are written out per breakpoint because
 * Tailwind finds classes by reading the source.
 */
const STACKED: Readonly<Record<Breakpoint, { head: string; row: string; cell: string; numeric: string; beside: string; above: string }>> = {
  sm: {
    head: 'max-sm:sr-only',
    row: 'max-sm:block max-sm:py-2',
    cell: 'max-sm:grid max-sm:wrap-anywhere max-sm:border-0 max-sm:py-1 max-sm:before:font-semibold max-sm:before:text-slate-900 max-sm:before:content-[attr(data-label)] dark:max-sm:before:text-slate-100',
    numeric: 'max-sm:text-left max-sm:whitespace-normal',
    beside: 'max-sm:grid-cols-[minmax(6rem,40%)_minmax(0,1fr)] max-sm:gap-3',
    above: 'max-sm:gap-1',
  },
  md: {
    head: 'max-md:sr-only',
    row: 'max-md:block max-md:py-2',
    cell: 'max-md:grid max-md:wrap-anywhere max-md:border-0 max-md:py-1 max-md:before:font-semibold max-md:before:text-slate-900 max-md:before:content-[attr(data-label)] dark:max-md:before:text-slate-100',
    numeric: 'max-md:text-left max-md:whitespace-normal',
    beside: 'max-md:grid-cols-[minmax(6rem,40%)_minmax(0,1fr)] max-md:gap-3',
    above: 'max-md:gap-1',
  },
  lg: {
    head: 'max-lg:sr-only',
    row: 'max-lg:block max-lg:py-2',
    cell: 'max-lg:grid max-lg:wrap-anywhere max-lg:border-0 max-lg:py-1 max-lg:before:font-semibold max-lg:before:text-slate-900 max-lg:before:content-[attr(data-label)] dark:max-lg:before:text-slate-100',
    numeric: 'max-lg:text-left max-lg:whitespace-normal',
    beside: 'max-lg:grid-cols-[minmax(6rem,40%)_minmax(0,1fr)] max-lg:gap-3',
    above: 'max-lg:gap-1',
  },
};

const CELL = 'px-3 py-2.5 text-left align-top break-words hyphens-auto';
const HEAD_CELL = 'bg-slate-50 px-3 py-2.5 text-left align-bottom font-semibold text-slate-900 dark:bg-slate-800 dark:text-slate-100';

export interface DataTableProps<R> {
  /**
   * Names the table for everyone (WCAG 1.3.1); a visible title, or `captionHidden` when a heading
   * above says it. A long word in it (a customer's e-mail address) breaks anywhere, as in a stacked cell.
   */
  caption: ReactNode;
  captionHidden?: boolean;
  columns: readonly Column<R>[];
  rows: readonly R[];
  rowKey(row: R): string;
  /** Where the rows stop stacking: the more columns, the wider the screen they need. */
  stackBelow?: Breakpoint;
  className?: string;
}

/** A table of records: a caption, head cells with scope, and rows that stack on narrow screens. */
export function DataTable<R>({ caption, captionHidden = false, columns, rows, rowKey, stackBelow = 'md', className }: DataTableProps<R>) {
  const stacked = STACKED[stackBelow];
  return (
    <table className={`relative w-full border-collapse text-small text-slate-700 dark:text-slate-300${className ? ` ${className}` : ''}`}>
      <caption className={captionHidden ? 'sr-only' : 'pb-3 text-left text-body text-slate-700 wrap-anywhere dark:text-slate-300'}>{caption}</caption>
      <thead className={stacked.head}>
        <tr>
          {columns.map((column) => (
            <th key={column.header} scope="col" className={`${HEAD_CELL}${column.numeric ? ' text-right' : ''}`}>
              {column.header}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={rowKey(row)} className={`border-t border-slate-200 dark:border-slate-700 ${stacked.row}`}>
            {columns.map((column) => {
              const classes = [
                CELL,
                stacked.cell,
                column.controls ? stacked.above : stacked.beside,
                column.rowHeader ? 'font-semibold text-slate-900 dark:text-slate-100' : '',
                column.numeric ? `text-right tabular-nums whitespace-nowrap ${stacked.numeric}` : '',
              ]
                .filter(Boolean)
                .join(' ');
              return column.rowHeader ? (
                <th key={column.header} scope="row" data-label={column.header} className={classes}>
                  <div>{column.cell(row)}</div>
                </th>
              ) : (
                <td key={column.header} data-label={column.header} className={classes}>
                  <div>{column.cell(row)}</div>
                </td>
              );
            })}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
