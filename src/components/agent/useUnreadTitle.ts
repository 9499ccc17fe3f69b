import { useEffect, useRef } from 'react';

/** Shows the unread total in the browser tab, '(3) Agent-Dashboard | …', and restores the title at 0. */
export function useUnreadTitle(unread: number): void {
  const original = useRef<string | null>(null);

  useEffect(() => {
    original.current ??= document.title;
    document.title = unread > 0 ? `(${unread}) ${original.current}` : original.current;
  }, [unread]);

  useEffect(
    () => () => {
      if (original.current !== null) document.title = original.current;
    },
    [],
  );
}
