import { memo } from 'react';
import { tileFace } from './faces';

/** Tile faces and back, all drawn here (no images). `code`: `m1`…`z7`, `m0`/`p0`/`s0` red fives, `_` the back. */
export interface TileProps {
  code: string;
  /** Laid sideways (a riichi discard, a called tile). */
  sideways?: boolean;
  /** Dimmed (a discard taken by a call, a tile that may not be discarded now). */
  dim?: boolean;
  /** Accessible name; the code when absent. */
  label?: string;
  className?: string;
}

const W = 30;
const H = 40;

/** The tile body: ivory face over a green back edge, or the back. */
function Body({ back }: { back: boolean }) {
  if (back) {
    return (
      <>
        <rect x="0.5" y="0.5" width={W - 1} height={H - 1} rx="3.5" fill="#e07b1f" stroke="#8c4a10" />
        <rect
          x="3"
          y="3"
          width={W - 6}
          height={H - 6}
          rx="2.5"
          fill="none"
          stroke="#f6c48f"
          strokeWidth="1"
        />
        <path d="M15 9 L 21 20 L 15 31 L 9 20 Z" fill="none" stroke="#f6c48f" strokeWidth="1.2" />
      </>
    );
  }
  return (
    <>
      <rect x="0.5" y="0.5" width={W - 1} height={H - 1} rx="3.5" fill="#fffdf5" stroke="#9aa3ad" />
      <rect x="0.5" y={H - 3.5} width={W - 1} height="3" rx="1.5" fill="#dfe3d6" />
    </>
  );
}

/** One tile as an SVG, sized by CSS (`.tile`: width; the height follows the 3:4 face). */
export const Tile = memo(function Tile({ code, sideways, dim, label, className }: TileProps) {
  const back = code === '_' || code === '';
  const classes = ['tile', sideways ? 'tile-sideways' : '', dim ? 'tile-dim' : '', className ?? '']
    .filter(Boolean)
    .join(' ');
  const box = sideways ? `0 0 ${H} ${W}` : `0 0 ${W} ${H}`;
  return (
    <svg className={classes} viewBox={box} role="img" aria-label={label ?? (back ? 'back' : code)}>
      <g transform={sideways ? `translate(0 ${W}) rotate(-90)` : undefined}>
        <Body back={back} />
        {back ? null : tileFace(code)}
      </g>
    </svg>
  );
});
