import type { ReactNode } from 'react';

// The faces of the 34 tile kinds, the red fives and the back, drawn on a 30 × 40 face (the tile's body is drawn
// by `Tile`). Suits: m manzu (characters), p pinzu (circles), s souzu (bamboo), z honours 1–7 (east, south,
// west, north, white, green, red). `0` is a red five. Characters and winds carry a small index in the corner,
// read at a glance where the characters are small.

const INK = '#1d2430';
const RED = '#c8202f';
const GREEN = '#17804b';
const BLUE = '#1f4fa3';
const CJK = "'Noto Serif CJK JP','Noto Serif CJK SC','Hiragino Mincho ProN','Yu Mincho',serif";

const KANJI_NUMERALS = ['', '一', '二', '三', '四', '五', '六', '七', '八', '九'];
const HONOURS = ['', '東', '南', '西', '北', '', '發', '中'];
const HONOUR_INDEX = ['', 'E', 'S', 'W', 'N', '', '', ''];

/** Pinzu circle positions (centres) for 1–9 on the 30 × 40 face. */
const PIN_LAYOUT: [number, number][][] = [
  [],
  [[15, 20]],
  [
    [15, 10.5],
    [15, 29.5],
  ],
  [
    [8, 9],
    [15, 20],
    [22, 31],
  ],
  [
    [9, 11],
    [21, 11],
    [9, 29],
    [21, 29],
  ],
  [
    [8.5, 9.5],
    [21.5, 9.5],
    [15, 20],
    [8.5, 30.5],
    [21.5, 30.5],
  ],
  [
    [9, 8],
    [21, 8],
    [9, 20.5],
    [21, 20.5],
    [9, 32],
    [21, 32],
  ],
  [
    [7, 6.5],
    [15, 9],
    [23, 11.5],
    [9, 22],
    [21, 22],
    [9, 32.5],
    [21, 32.5],
  ],
  [
    [9, 6.5],
    [21, 6.5],
    [9, 15.5],
    [21, 15.5],
    [9, 24.5],
    [21, 24.5],
    [9, 33.5],
    [21, 33.5],
  ],
  [
    [7.5, 8],
    [15, 8],
    [22.5, 8],
    [7.5, 20],
    [15, 20],
    [22.5, 20],
    [7.5, 32],
    [15, 32],
    [22.5, 32],
  ],
];

/** Souzu stick positions (centre x, centre y) for 2–9. */
const SOU_LAYOUT: [number, number][][] = [
  [],
  [],
  [
    [15, 11],
    [15, 29],
  ],
  [
    [15, 11],
    [9, 29],
    [21, 29],
  ],
  [
    [9, 11],
    [21, 11],
    [9, 29],
    [21, 29],
  ],
  [
    [8, 11],
    [22, 11],
    [15, 20],
    [8, 29],
    [22, 29],
  ],
  [
    [7, 11],
    [15, 11],
    [23, 11],
    [7, 29],
    [15, 29],
    [23, 29],
  ],
  [
    [15, 7],
    [7, 20],
    [15, 20],
    [23, 20],
    [7, 33],
    [15, 33],
    [23, 33],
  ],
  [
    [6, 11],
    [12, 11],
    [18, 11],
    [24, 11],
    [6, 29],
    [12, 29],
    [18, 29],
    [24, 29],
  ],
  [
    [7, 7],
    [15, 7],
    [23, 7],
    [7, 20],
    [15, 20],
    [23, 20],
    [7, 33],
    [15, 33],
    [23, 33],
  ],
];

function Circle({ x, y, r, colour }: { x: number; y: number; r: number; colour: string }) {
  return (
    <g>
      <circle cx={x} cy={y} r={r} fill="none" stroke={colour} strokeWidth={r > 5 ? 1.6 : 1.2} />
      <circle cx={x} cy={y} r={r * 0.55} fill={colour} />
      <circle cx={x} cy={y} r={r * 0.2} fill="#fffdf5" />
    </g>
  );
}

function pinColour(n: number, i: number, red: boolean): string {
  if (red) return RED;
  if (n === 1) return RED;
  if (n === 3) return [BLUE, RED, GREEN][i] ?? BLUE;
  if (n === 5) return i === 2 ? RED : [BLUE, GREEN, RED, GREEN, BLUE][i];
  if (n === 6) return i < 2 ? GREEN : RED;
  if (n === 7) return i < 3 ? GREEN : RED;
  if (n === 9) return [BLUE, BLUE, BLUE, RED, RED, RED, GREEN, GREEN, GREEN][i];
  return [BLUE, GREEN][i % 2];
}

function pinzu(n: number, red: boolean): ReactNode {
  const spots = PIN_LAYOUT[n];
  const r = n === 1 ? 11 : n === 2 ? 7.5 : n <= 4 ? 6 : n === 5 ? 5.2 : n <= 7 ? 4.6 : 4.2;
  return spots.map(([x, y], i) => (
    <Circle key={`${x}-${y}`} x={x} y={y} r={r} colour={pinColour(n, i, red)} />
  ));
}

function Stick({ x, y, colour, h = 15 }: { x: number; y: number; colour: string; h?: number }) {
  return (
    <g>
      <rect x={x - 2.2} y={y - h / 2} width={4.4} height={h} rx={2} fill={colour} />
      <line x1={x} y1={y - h / 2 + 1.5} x2={x} y2={y + h / 2 - 1.5} stroke="#fffdf5" strokeWidth={0.8} />
      <line x1={x - 2.2} y1={y} x2={x + 2.2} y2={y} stroke="#fffdf5" strokeWidth={0.9} />
    </g>
  );
}

/** The one of bamboo: a bird, drawn. */
function Bird({ red }: { red: boolean }) {
  const body = red ? RED : GREEN;
  return (
    <g>
      <path d="M9 28 C 6 20, 10 11, 17 10 C 22 9.5, 24 13, 22 16 C 27 18, 25 27, 17 30 Z" fill={body} />
      <circle cx="20" cy="13" r="1.3" fill="#fffdf5" />
      <path d="M22.5 12.5 L 26.5 12 L 22.8 14.6 Z" fill={RED} />
      <path d="M9 28 L 5 35 L 11 31 L 12 36 L 15 30 Z" fill={BLUE} />
      <path d="M13 17 C 15 20, 15 24, 12 27" stroke="#fffdf5" strokeWidth="1" fill="none" />
    </g>
  );
}

function souzu(n: number, red: boolean): ReactNode {
  if (n === 1) return <Bird red={red} />;
  const h = n >= 7 ? 11.5 : 15;
  return SOU_LAYOUT[n].map(([x, y], i) => {
    let colour = red ? RED : GREEN;
    if (!red && n === 5 && i === 2) colour = RED;
    if (!red && n === 7 && i === 0) colour = RED;
    if (!red && n === 9 && (i === 1 || i === 4 || i === 7)) colour = RED;
    if (!red && (n === 3 || n === 6 || n === 8) && i % 2 === 1) colour = BLUE;
    return <Stick key={`${x}-${y}`} x={x} y={y} colour={colour} h={h} />;
  });
}

function manzu(n: number, red: boolean): ReactNode {
  return (
    <g fontFamily={CJK} fontWeight={700} textAnchor="middle">
      <text x="15" y="17.5" fontSize="15" fill={red ? RED : INK}>
        {KANJI_NUMERALS[n]}
      </text>
      <text x="15" y="36" fontSize="15" fill={RED}>
        萬
      </text>
    </g>
  );
}

function honour(n: number): ReactNode {
  if (n === 5) {
    // Haku: an empty frame.
    return <rect x="6" y="7" width="18" height="26" rx="2" fill="none" stroke={BLUE} strokeWidth="2" />;
  }
  if (n === 7) {
    // Chun: drawn as strokes (a box crossed by a long vertical).
    return (
      <g stroke={RED} strokeWidth="3.2" fill="none" strokeLinecap="round" strokeLinejoin="round">
        <rect x="6.5" y="13" width="17" height="12" rx="1" />
        <line x1="15" y1="5" x2="15" y2="35" />
      </g>
    );
  }
  return (
    <text
      x="15"
      y="29"
      fontFamily={CJK}
      fontWeight={700}
      fontSize="21"
      textAnchor="middle"
      fill={n === 6 ? GREEN : INK}
    >
      {HONOURS[n]}
    </text>
  );
}

/** The corner index of characters (1–9, red for a red five) and winds (E S W N); circles and bamboo are counted. */
function cornerIndex(suit: string, n: number, red: boolean): ReactNode {
  const label = suit === 'z' ? HONOUR_INDEX[n] : String(n);
  if (!label) return null;
  return (
    <text
      x="2.3"
      y="7.4"
      fontSize="6.6"
      fontFamily="system-ui,-apple-system,'Segoe UI',Roboto,Arial,sans-serif"
      fontWeight={700}
      fill={red ? RED : '#5b6472'}
    >
      {label}
    </text>
  );
}

/** The face of tile `code` (`m1`…`z7`, `m0`/`p0`/`s0` red fives); null for an unknown code. */
export function tileFace(code: string): ReactNode {
  const suit = code[0];
  const digit = Number(code[1]);
  if (!/^[mpsz]\d/.test(code) || Number.isNaN(digit)) return null;
  const red = digit === 0 && suit !== 'z';
  const n = red ? 5 : digit;
  let face: ReactNode = null;
  if (suit === 'm' && n >= 1 && n <= 9) face = manzu(n, red);
  else if (suit === 'p' && n >= 1 && n <= 9) face = pinzu(n, red);
  else if (suit === 's' && n >= 1 && n <= 9) face = souzu(n, red);
  else if (suit === 'z' && n >= 1 && n <= 7) face = honour(n);
  if (face === null) return null;
  return (
    <>
      {face}
      {suit === 'm' || (suit === 'z' && n <= 4) ? cornerIndex(suit, n, red) : null}
    </>
  );
}
