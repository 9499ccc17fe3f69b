import { useEffect, useRef } from 'react';
import { setClickDummyFullscreen } from '../../../stores/ui.ts';
import { Button } from '../../../components/ui/Button.tsx';

/**
 * 'Vollbild' (SPEC §2): while on, Escape leaves it and the page behind does not scroll; focus
 * returns to the toggle however it was left (the toggle, Escape or the header's close button).
 */
export function FullscreenToggle({ fullscreen }: { fullscreen: boolean }) {
  const toggle = useRef<HTMLButtonElement>(null);
  const wasFullscreen = useRef(false);

  useEffect(() => {
    if (fullscreen) {
      wasFullscreen.current = true;
      const onKey = (event: KeyboardEvent) => {
        if (event.key === 'Escape' && !event.defaultPrevented) setClickDummyFullscreen(false);
      };
      document.addEventListener('keydown', onKey);
      const overflow = document.documentElement.style.overflow;
      document.documentElement.style.overflow = 'hidden';
      return () => {
        document.removeEventListener('keydown', onKey);
        document.documentElement.style.overflow = overflow;
      };
    }
    if (wasFullscreen.current) {
      wasFullscreen.current = false;
      toggle.current?.focus();
    }
  }, [fullscreen]);

  return (
    <Button ref={toggle} variant="secondary" aria-pressed={fullscreen} onClick={() => setClickDummyFullscreen(!fullscreen)}>
      <svg viewBox="0 0 24 24" width="18" height="18" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
        {fullscreen ? <path d="M9 4v5H4M15 4v5h5M9 20v-5H4M15 20v-5h5" /> : <path d="M4 9V4h5M20 9V4h-5M4 15v5h5M20 15v5h-5" />}
      </svg>
      Vollbild
    </Button>
  );
}
