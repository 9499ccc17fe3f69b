import { ui } from './styles.ts';

interface Props {
  /** Names the navigation, e.g. 'Seiten der Unterhaltungen'. */
  label: string;
  currentPage: number;
  totalPages: number;
  /** E.g. '42 Unterhaltungen'. */
  total: string;
  onPage(page: number): void;
}

/** 'Seite X von Y' with previous/next buttons; a page beyond the last offers the way back. */
export function Pagination({ label, currentPage, totalPages, total, onPage }: Props) {
  return (
    <nav aria-label={label} className="flex flex-wrap items-center gap-3">
      <button type="button" className={ui.secondary} disabled={currentPage <= 1} onClick={() => onPage(Math.min(currentPage - 1, totalPages))}>
        Vorherige Seite
      </button>
      <p className={ui.text}>
        Seite {currentPage} von {totalPages} · {total}
      </p>
      <button type="button" className={ui.secondary} disabled={currentPage >= totalPages} onClick={() => onPage(currentPage + 1)}>
        Nächste Seite
      </button>
    </nav>
  );
}
