import { useEffect, useState } from 'react';
import * as v from 'valibot';
import { visibleGroups } from '../../lib/footer.ts';
import { FooterLocaleSchema, type FooterLinkGroup } from '../../lib/schemas/locales.ts';

type State = { status: 'loading' } | { status: 'failed' } | { status: 'ready'; groups: FooterLinkGroup[] };

/** The footer's link columns, loaded per language from /locales/{lang}-footer.json. */
export default function FooterLinks({ lang = 'de' }: { lang?: 'de' | 'en' }) {
  const [state, setState] = useState<State>({ status: 'loading' });

  useEffect(() => {
    const controller = new AbortController();
    fetch(`/locales/${lang}-footer.json`, { signal: controller.signal })
      .then(async (response) => {
        if (!response.ok) throw new Error(`HTTP ${response.status}`);
        const parsed = v.safeParse(FooterLocaleSchema, await response.json());
        if (!parsed.success) throw new Error('Ungültige Footer-Daten');
        setState({ status: 'ready', groups: visibleGroups(parsed.output.footer.links) });
      })
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        console.warn('Footer-Links konnten nicht geladen werden:', error);
        setState({ status: 'failed' });
      });
    return () => controller.abort();
  }, [lang]);

  if (state.status === 'loading') return <div aria-busy="true" className="min-h-24" />;
  if (state.status === 'failed') {
    return <p className="font-medium text-red-700 dark:text-red-300">Fehler beim Laden der Footer-Links</p>;
  }
  if (state.groups.length === 0) return <p>Keine Footer-Links gefunden</p>;
  return (
    <div className="grid gap-8 sm:grid-cols-3">
      {state.groups.map((group) => (
        <nav key={group.group} aria-label={group.group}>
          <h2 className="text-sm font-semibold uppercase tracking-wide text-slate-900 dark:text-white">{group.group}</h2>
          <ul className="mt-3 space-y-2">
            {group.items.map((item) => (
              <li key={item.url + item.text}>
                <a href={item.url} className="hover:underline">
                  {item.text}
                </a>
              </li>
            ))}
          </ul>
        </nav>
      ))}
    </div>
  );
}
