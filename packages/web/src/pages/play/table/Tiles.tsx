import { meldTiles } from './model/notation';
import { Tile } from './tiles/Tile';

/** A meld as laid on the table. */
export function Meld({ m }: { m: string }) {
  return (
    <span className="tt-meld" data-meld={m}>
      {meldTiles(m).map((tile, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: a meld's tiles never move
        <Tile key={i} code={tile.code} sideways={tile.sideways} />
      ))}
    </span>
  );
}

/** A row of tiles (dora indicators, a shown hand). */
export function TileRow({ tiles, className }: { tiles: readonly string[]; className?: string }) {
  return (
    <span className={`tt-row ${className ?? ''}`}>
      {tiles.map((code, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: a row's tiles never move
        <Tile key={i} code={code} />
      ))}
    </span>
  );
}
