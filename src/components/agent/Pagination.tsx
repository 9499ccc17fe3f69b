import { Button } from '../ui/Button.tsx';
import { text } from '../ui/classes.ts';

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
      <Button type="button" variant="secondary" size="sm" disabled={currentPage <= 1} onClick={() => onPage(Math.min(currentPage - 1, totalPages))}>
        Vorherige Seite
      </Button>
      <p className={text.body}>
        Seite {currentPage} von {totalPages} · {total}
      </p>
      <Button type="button" variant="secondary" size="sm" disabled={currentPage >= totalPages} onClick={() => onPage(currentPage + 1)}>
        Nächste Seite
      </Button>
    </nav>
  );
}
