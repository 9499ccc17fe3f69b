import type { ReactElement } from 'react';
import type { Scene } from '../../booking.ts';

export type PhotoView = 'day' | 'evening' | 'inside';

const skies: Record<'day' | 'evening', [string, string]> = {
  day: ['#7dd3fc', '#e0f2fe'],
  evening: ['#7c3aed', '#fb923c'],
};

function House({ x, y, scale = 1, wall, roof }: { x: number; y: number; scale?: number; wall: string; roof: string }) {
  return (
    <g transform={`translate(${x} ${y}) scale(${scale})`}>
      <rect x="0" y="20" width="60" height="40" fill={wall} />
      <polygon points="-6,22 30,-6 66,22" fill={roof} />
      <rect x="24" y="38" width="12" height="22" fill="#78350f" />
      <rect x="6" y="30" width="12" height="10" fill="#fde68a" />
      <rect x="42" y="30" width="12" height="10" fill="#fde68a" />
    </g>
  );
}

/** The landscape of each scene, drawn over the sky; the house stands in it. */
const LANDSCAPES: Record<Scene, ReactElement> = {
  sea: (
    <>
      <rect y="120" width="320" height="40" fill="#0369a1" />
      <path d="M0 125 q20 -6 40 0 t40 0 t40 0 t40 0 t40 0 t40 0 t40 0 t40 0" stroke="#bae6fd" strokeWidth="2" fill="none" />
      <path d="M0 160 Q120 135 320 150 V200 H0Z" fill="#fde68a" />
      <House x={190} y={92} wall="#f8fafc" roof="#a16207" />
    </>
  ),
  lake: (
    <>
      <polygon points="0,130 70,50 130,130" fill="#64748b" />
      <polygon points="90,130 170,35 260,130" fill="#475569" />
      <polygon points="150,58 170,35 190,58" fill="#f8fafc" />
      <rect y="130" width="320" height="70" fill="#0284c7" />
      <rect x="40" y="150" width="70" height="4" fill="#78350f" />
      <path d="M200 130 H320 V200 H240Z" fill="#15803d" />
      <House x={240} y={80} scale={0.8} wall="#a16207" roof="#7f1d1d" />
    </>
  ),
  mountain: (
    <>
      <polygon points="-20,150 80,30 180,150" fill="#94a3b8" />
      <polygon points="60,54 80,30 100,54" fill="#ffffff" />
      <polygon points="120,150 230,20 340,150" fill="#64748b" />
      <polygon points="206,48 230,20 254,48" fill="#ffffff" />
      <rect y="145" width="320" height="55" fill="#e2e8f0" />
      <House x={120} y={100} wall="#92400e" roof="#451a03" />
    </>
  ),
  city: (
    <>
      {[0, 50, 95, 150, 205, 255].map((x, i) => {
        const h = [90, 120, 80, 140, 100, 115][i]!;
        return (
          <g key={x}>
            <rect x={x} y={200 - h} width="45" height={h} fill={i % 2 ? '#475569' : '#334155'} />
            {Array.from({ length: Math.floor(h / 22) }, (_, row) => (
              <g key={row}>
                <rect x={x + 8} y={200 - h + 10 + row * 22} width="10" height="10" fill="#fde68a" />
                <rect x={x + 27} y={200 - h + 10 + row * 22} width="10" height="10" fill={row % 2 ? '#fde68a' : '#1e293b'} />
              </g>
            ))}
          </g>
        );
      })}
      <rect y="185" width="320" height="15" fill="#0e7490" />
    </>
  ),
  forest: (
    <>
      <rect y="140" width="320" height="60" fill="#166534" />
      {[10, 45, 80, 230, 265, 295].map((x, i) => (
        <polygon key={x} points={`${x},${150 - (i % 2) * 10} ${x + 18},${70 - (i % 3) * 10} ${x + 36},${150 - (i % 2) * 10}`} fill={i % 2 ? '#14532d' : '#15803d'} />
      ))}
      <House x={125} y={95} wall="#b45309" roof="#3f3f46" />
    </>
  ),
  meadow: (
    <>
      <path d="M0 140 Q80 110 160 135 T320 125 V200 H0Z" fill="#65a30d" />
      <path d="M0 165 Q100 145 200 165 T320 160 V200 H0Z" fill="#4d7c0f" />
      <House x={60} y={88} wall="#fef3c7" roof="#b91c1c" />
      <circle cx="230" cy="160" r="6" fill="#f8fafc" />
      <circle cx="250" cy="166" r="6" fill="#f8fafc" />
    </>
  ),
};

function Inside() {
  return (
    <>
      <rect width="320" height="200" fill="#fef3c7" />
      <rect y="150" width="320" height="50" fill="#a16207" />
      <rect x="30" y="40" width="90" height="70" fill="#7dd3fc" stroke="#f8fafc" strokeWidth="6" />
      <line x1="75" y1="40" x2="75" y2="110" stroke="#f8fafc" strokeWidth="4" />
      <rect x="150" y="110" width="130" height="45" rx="8" fill="#1d4ed8" />
      <rect x="150" y="95" width="130" height="25" rx="8" fill="#2563eb" />
      <rect x="185" y="40" width="60" height="40" fill="#fb923c" />
      <circle cx="60" cy="165" r="12" fill="#15803d" />
      <rect x="52" y="165" width="16" height="20" fill="#92400e" />
    </>
  );
}

/**
 * A drawn "photo" of an accommodation: the demo needs pictures but must not load any.
 * Without a label it is decorative (a thumbnail inside a labelled button).
 */
export function AccommodationPhoto({ scene, label, view = 'day', className = '' }: { scene: Scene; label?: string; view?: PhotoView; className?: string }) {
  const sky = skies[view === 'evening' ? 'evening' : 'day'];
  const gradient = `sky-${scene}-${view}`;
  return (
    <svg
      viewBox="0 0 320 200"
      {...(label ? { role: 'img', 'aria-label': label } : { 'aria-hidden': true })}
      className={`block h-auto w-full ${className}`} preserveAspectRatio="xMidYMid slice">
      {view === 'inside' ? (
        <Inside />
      ) : (
        <>
          <defs>
            <linearGradient id={gradient} x1="0" y1="0" x2="0" y2="1">
              <stop offset="0" stopColor={sky[0]} />
              <stop offset="1" stopColor={sky[1]} />
            </linearGradient>
          </defs>
          <rect width="320" height="200" fill={`url(#${gradient})`} />
          <circle cx="270" cy="40" r="18" fill={view === 'evening' ? '#fdba74' : '#fde047'} />
          {LANDSCAPES[scene]}
          {view === 'evening' && <rect width="320" height="200" fill="#1e1b4b" opacity="0.25" />}
        </>
      )}
    </svg>
  );
}
