/**
 * Scroll reveal (SPEC §2, §9): an element marked data-reveal fades in once it is within the
 * top 80 % of the viewport; children of data-reveal-stagger follow 100 ms apart. Nothing is
 * hidden without JavaScript or with reduced motion: the hiding class is set here, first.
 */
const STAGGER_MS = 100;

function reveal(element: Element): void {
  element.classList.add('is-revealed');
}

if (!window.matchMedia('(prefers-reduced-motion: reduce)').matches && 'IntersectionObserver' in window) {
  const targets = document.querySelectorAll<HTMLElement>('[data-reveal]');
  for (const group of document.querySelectorAll<HTMLElement>('[data-reveal-stagger]')) {
    [...group.children].forEach((child, index) => {
      child.setAttribute('data-reveal', '');
      (child as HTMLElement).style.transitionDelay = `${index * STAGGER_MS}ms`;
    });
  }
  document.documentElement.classList.add('reveal-ready');
  const observer = new IntersectionObserver(
    (entries) => {
      for (const entry of entries) {
        if (!entry.isIntersecting) continue;
        reveal(entry.target);
        observer.unobserve(entry.target);
      }
    },
    // The bottom 20 % of the viewport does not count: "visible within the top 80 %".
    { rootMargin: '0px 0px -20% 0px' },
  );
  for (const element of [...targets, ...document.querySelectorAll('[data-reveal-stagger] > [data-reveal]')]) observer.observe(element);
}
