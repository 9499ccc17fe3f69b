import { useStore } from '@nanostores/react';
import { useEffect, useRef, useState } from 'react';
import { $cartCount } from '../../stores/cart.ts';
import { $theme, toggleTheme } from '../../stores/theme.ts';
import { $ui, announceEnglishUnsupported, openCart, openLoginDialog, setClickDummyFullscreen } from '../../stores/ui.ts';
import { Toast } from '../ui/Toast.tsx';
import { useMounted } from '../ui/useMounted.ts';
import { BritishFlag, GermanFlag } from './Flags.tsx';

export interface NavLink {
  href: string;
  label: string;
}

interface HeaderProps {
  siteName: string;
  nav: NavLink[];
}

const SCROLLED_AFTER_PX = 10;

const iconButton =
  'inline-flex h-10 min-w-10 items-center justify-center gap-1 rounded-lg px-2 text-slate-700 hover:bg-slate-100 dark:text-slate-200 dark:hover:bg-slate-800';

export default function Header({ siteName, nav }: HeaderProps) {
  const mounted = useMounted();
  const theme = useStore($theme);
  const count = useStore($cartCount);
  const { isClickDummyFullscreen, showEnglishNotice } = useStore($ui);
  const [scrolled, setScrolled] = useState(false);
  const [menuOpen, setMenuOpen] = useState(false);
  const menuButton = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    const onScroll = () => setScrolled(window.scrollY > SCROLLED_AFTER_PX);
    onScroll();
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, []);

  useEffect(() => {
    if (!menuOpen) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        setMenuOpen(false);
        menuButton.current?.focus();
      }
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [menuOpen]);

  // Until hydration the server's view: no stored cart, light theme.
  const cartCount = mounted ? count : 0;
  const dark = mounted && theme === 'dark';

  return (
    <header
      data-scrolled={scrolled ? 'true' : 'false'}
      className={`sticky top-0 z-40 border-b transition-shadow duration-200 ${
        scrolled
          ? 'border-slate-200 bg-white/95 shadow-md backdrop-blur dark:border-slate-800 dark:bg-slate-950/95'
          : 'border-transparent bg-white dark:bg-slate-950'
      }`}
    >
      <div className="mx-auto flex h-16 max-w-6xl items-center gap-4 px-4">
        <a href="/" className="flex items-center gap-2 rounded-lg font-bold text-slate-900 dark:text-white">
          <img src="/logo.svg" alt="" width="32" height="32" />
          <span>{siteName}</span>
        </a>

        <nav aria-label="Hauptnavigation" className="ml-4 hidden md:block">
          <ul className="flex gap-1">
            {nav.map((link) => (
              <li key={link.href}>
                <a href={link.href} className="rounded-lg px-3 py-2 font-medium text-slate-700 hover:bg-slate-100 dark:text-slate-200 dark:hover:bg-slate-800">
                  {link.label}
                </a>
              </li>
            ))}
          </ul>
        </nav>

        <div className="ml-auto flex items-center gap-1">
          {isClickDummyFullscreen && (
            <button type="button" className={iconButton} onClick={() => setClickDummyFullscreen(false)}>
              Vollbild beenden
            </button>
          )}
          <div role="group" aria-label="Sprache" className="hidden items-center sm:flex">
            <button type="button" className={iconButton} aria-pressed="true" aria-label="Deutsch" title="Deutsch">
              <GermanFlag />
            </button>
            <button type="button" className={iconButton} aria-pressed="false" aria-label="English" title="English" onClick={announceEnglishUnsupported}>
              <BritishFlag />
            </button>
          </div>
          <button
            type="button"
            className={iconButton}
            onClick={toggleTheme}
            aria-label={dark ? 'Helles Design aktivieren' : 'Dunkles Design aktivieren'}
            title={dark ? 'Helles Design aktivieren' : 'Dunkles Design aktivieren'}
          >
            {dark ? <SunIcon /> : <MoonIcon />}
          </button>
          <button
            type="button"
            className={`${iconButton} relative`}
            onClick={openCart}
            aria-label={`Warenkorb, ${cartCount} Artikel`}
          >
            <CartIcon />
            {cartCount > 0 && (
              <span aria-hidden="true" className="absolute -right-1 -top-1 min-w-5 rounded-full bg-brand-600 px-1 text-center text-xs font-bold leading-5 text-white">
                {cartCount}
              </span>
            )}
          </button>
          <button
            type="button"
            onClick={openLoginDialog}
            className="ml-1 hidden rounded-lg bg-brand-600 px-4 py-2 font-medium text-white hover:bg-brand-700 sm:inline-flex"
          >
            Login
          </button>
          <button
            ref={menuButton}
            type="button"
            className={`${iconButton} md:hidden`}
            aria-expanded={menuOpen}
            aria-controls="mobile-menu"
            onClick={() => setMenuOpen((open) => !open)}
          >
            <MenuIcon open={menuOpen} />
            <span className="sr-only">{menuOpen ? 'Menü schließen' : 'Menü öffnen'}</span>
          </button>
        </div>
      </div>

      <div id="mobile-menu" hidden={!menuOpen} className="border-t border-slate-200 bg-white px-4 pb-4 md:hidden dark:border-slate-800 dark:bg-slate-950">
        <nav aria-label="Mobile Navigation">
          <ul className="flex flex-col py-2">
            {nav.map((link) => (
              <li key={link.href}>
                <a href={link.href} onClick={() => setMenuOpen(false)} className="block rounded-lg px-3 py-3 font-medium text-slate-800 hover:bg-slate-100 dark:text-slate-100 dark:hover:bg-slate-800">
                  {link.label}
                </a>
              </li>
            ))}
          </ul>
        </nav>
        <div className="flex items-center gap-2 border-t border-slate-200 pt-3 dark:border-slate-800">
          <div role="group" aria-label="Sprache (mobil)" className="flex items-center">
            <button type="button" className={iconButton} aria-pressed="true" aria-label="Deutsch">
              <GermanFlag />
            </button>
            <button type="button" className={iconButton} aria-pressed="false" aria-label="English" onClick={announceEnglishUnsupported}>
              <BritishFlag />
            </button>
          </div>
          <button
            type="button"
            onClick={() => {
              setMenuOpen(false);
              openLoginDialog();
            }}
            className="ml-auto rounded-lg bg-brand-600 px-4 py-2 font-medium text-white hover:bg-brand-700"
          >
            Login
          </button>
        </div>
      </div>

      <Toast lang="en">{showEnglishNotice ? 'English is not yet supported' : null}</Toast>
    </header>
  );
}

function SunIcon() {
  return (
    <svg viewBox="0 0 24 24" width="20" height="20" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
      <circle cx="12" cy="12" r="4" />
      <path d="M12 2v2M12 20v2M4.9 4.9l1.4 1.4M17.7 17.7l1.4 1.4M2 12h2M20 12h2M4.9 19.1l1.4-1.4M17.7 6.3l1.4-1.4" />
    </svg>
  );
}

function MoonIcon() {
  return (
    <svg viewBox="0 0 24 24" width="20" height="20" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
      <path d="M21 12.8A9 9 0 1 1 11.2 3a7 7 0 0 0 9.8 9.8z" />
    </svg>
  );
}

function CartIcon() {
  return (
    <svg viewBox="0 0 24 24" width="22" height="22" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
      <circle cx="9" cy="20" r="1.5" />
      <circle cx="18" cy="20" r="1.5" />
      <path d="M2 3h3l2.7 12.4a1 1 0 0 0 1 .8h9.6a1 1 0 0 0 1-.8L21 7H6" />
    </svg>
  );
}

function MenuIcon({ open }: { open: boolean }) {
  return (
    <svg viewBox="0 0 24 24" width="22" height="22" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
      {open ? <path d="M6 6l12 12M18 6L6 18" /> : <path d="M4 6h16M4 12h16M4 18h16" />}
    </svg>
  );
}
