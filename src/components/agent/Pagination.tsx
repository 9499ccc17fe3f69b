import { ui } from './styles.ts';

interface Props {
  /** Names the navigation, e.g. 'Seiten der Unterhaltungen'. */
  label: string;
  /** The list's page as the server answered it; nothing is shown before the first answer. */
  page: { currentPage: number; totalPages: number } | null;
  /** E.g. '42 Unterhaltungen'. */
  total: string;
  onPage(page: number): void;
}

/** 'Seite X von Y' with previous/next buttons; a page beyond the last offers the way back. */
export function Pagination({ label, page, total, onPage }: Props) {
  if (!page) return null;
  const { currentPage, totalPages } = page;
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
