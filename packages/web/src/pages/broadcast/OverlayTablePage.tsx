import type { OverlayHandResult } from '@taikai/protocol';
import { useQuery } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { useParams, useSearchParams } from 'react-router';
import type { z } from 'zod';
import { fetchOverlayTable, POLL_MS } from './api';
import { langOf, useBroadcastT } from './broadcastLanguage';
import { roundText, Stage, StageMessage, useTransparentPage } from './overlayParts';

type Seat = { seat: number; nickname: string };

/** The last hand's result in one line: who won how much, or the draw. */
function resultText(t: TFunction, result: z.infer<typeof OverlayHandResult>, seats: Seat[]): string {
  if (result.kind === 'draw') return t('broadcast.overlay.draw');
  return result.wins
    .map((w) => {
      const name = seats[w.seat]?.nickname ?? '';
      if (w.from === null) return t('broadcast.overlay.tsumo', { name, points: w.points });
      return t('broadcast.overlay.ron', { name, from: seats[w.from]?.nickname ?? '', points: w.points });
    })
    .join(' · ');
}

/**
 * `/overlay/table/<token>`: a table's scores, round, honba, riichi sticks, riichi state and last hand result,
 * as they stood the tournament's delay ago; asked again every few seconds. `?lang=` picks the language.
 */
export default function OverlayTablePage() {
  useTransparentPage();
  const { token = '' } = useParams();
  const [search] = useSearchParams();
  const t = useBroadcastT(langOf(search.get('lang')));
  const table = useQuery({
    queryKey: ['overlay', 'table', token],
    queryFn: () => fetchOverlayTable(token),
    refetchInterval: POLL_MS,
    retry: false,
  });
  if (!t) return null;
  if (table.isError) return <StageMessage text={t('broadcast.overlay.invalid')} testId="overlay-invalid" />;
  const data = table.data;
  if (!data) return null;
  return (
    <Stage size={data.size} testId="overlay-table">
      <div className="overlay-top overlay-panel">
        {data.started ? (
          <>
            <span className="overlay-round" data-testid="overlay-round">
              {roundText(t, data.chang, data.ju)}
            </span>
            <span>{t('broadcast.overlay.honba', { n: data.ben })}</span>
            <span>{t('broadcast.overlay.sticks', { n: data.liqibang })}</span>
          </>
        ) : (
          <span>{t('broadcast.overlay.waiting')}</span>
        )}
        {data.ended === 1 && <span data-testid="overlay-ended">{t('broadcast.overlay.ended')}</span>}
        <span className="overlay-note">{t('broadcast.overlay.delay', { s: data.delay })}</span>
      </div>
      {data.last_result && (
        <div className="overlay-result overlay-panel" data-testid="overlay-result">
          {resultText(t, data.last_result, data.seats)}
        </div>
      )}
      <div className="overlay-seats">
        {data.seats.map((seat) => {
          const delta = data.last_result?.deltas[seat.seat] ?? 0;
          return (
            <div
              className="overlay-seat overlay-panel"
              key={seat.seat}
              data-testid={`overlay-seat-${seat.seat}`}
            >
              <span className="overlay-seat-name">
                {seat.nickname}
                {seat.riichi === 1 && <span className="overlay-riichi">{t('broadcast.overlay.riichi')}</span>}
              </span>
              <span className="overlay-seat-score" data-testid={`overlay-score-${seat.seat}`}>
                {seat.score}
                {delta !== 0 && (
                  <span className={`overlay-note ${delta > 0 ? 'overlay-delta-up' : 'overlay-delta-down'}`}>
                    {' '}
                    {delta > 0 ? `+${delta}` : delta}
                  </span>
                )}
              </span>
            </div>
          );
        })}
      </div>
    </Stage>
  );
}
