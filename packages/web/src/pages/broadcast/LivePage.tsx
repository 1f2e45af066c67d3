import { textFor } from '@taikai/protocol';
import { useQuery } from '@tanstack/react-query';
import { useParams, useSearchParams } from 'react-router';
import { currentLanguage } from '../../i18n';
import { fetchSeasonLive, POLL_MS } from './api';
import { langOf, useBroadcastT } from './broadcastLanguage';
import { points, roundText } from './overlayParts';
import './live.css';

/**
 * `/play/<contest id>/live`: a season's public live page, no login, for a tournament shown in the list: its
 * standings, the games running and the latest results, as they stood the tournament's delay ago. `?season=`
 * picks a season (else the newest), `?lang=` the language.
 */
export default function LivePage() {
  const { contestId = '' } = useParams();
  const [search] = useSearchParams();
  const lang = langOf(search.get('lang'));
  const t = useBroadcastT(lang);
  const season = Number(search.get('season')) || undefined;
  const id = Number(contestId);
  const live = useQuery({
    queryKey: ['season-live', id, season],
    queryFn: () => fetchSeasonLive(id, season),
    enabled: Number.isInteger(id) && id > 0,
    refetchInterval: POLL_MS,
    retry: false,
  });
  if (!t) return null;
  if (live.isError || !(id > 0))
    return (
      <div className="live-page" data-testid="live-not-found">
        {t('broadcast.live.notFound')}
      </div>
    );
  const data = live.data;
  if (!data) return null;
  return (
    <div className="live-page" data-testid="live-page">
      <h1>{textFor(data.name, lang ?? currentLanguage())}</h1>
      <div className="live-muted">
        {t('broadcast.live.title')} · {t('broadcast.live.delay', { s: data.delay })}
      </div>

      <h2>{t('broadcast.live.standings')}</h2>
      <div className="live-card">
        {data.standings.length === 0 ? (
          <span className="live-muted">{t('broadcast.live.none')}</span>
        ) : (
          <table>
            <thead>
              <tr>
                <th className="num">{t('broadcast.overlay.rank')}</th>
                <th>{t('broadcast.overlay.name')}</th>
                <th className="num">{t('broadcast.overlay.score')}</th>
                <th className="num">{t('broadcast.overlay.games')}</th>
              </tr>
            </thead>
            <tbody>
              {data.standings.map((row) => (
                <tr key={`${row.rank}-${row.name}`} data-testid="live-standings-row">
                  <td className="num">{row.rank}</td>
                  <td>{row.name}</td>
                  <td className="num">{points(row.score)}</td>
                  <td className="num">{row.games}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </div>

      <h2>{t('broadcast.live.games')}</h2>
      {data.games.length === 0 && <div className="live-card live-muted">{t('broadcast.live.none')}</div>}
      {data.games.map((game) => (
        <div className="live-card" key={game.uuid} data-testid="live-game">
          <div>
            <strong>
              {game.started ? roundText(t, game.chang, game.ju) : t('broadcast.overlay.waiting')}
            </strong>{' '}
            <span className="live-muted">
              {t('broadcast.overlay.honba', { n: game.ben })} ·{' '}
              {t('broadcast.overlay.sticks', { n: game.liqibang })}
            </span>
          </div>
          <div className="live-seats">
            {game.seats.map((seat) => (
              <span key={seat.seat}>
                {seat.nickname} <span className="num">{seat.score}</span>
                {seat.riichi === 1 && ` · ${t('broadcast.overlay.riichi')}`}
              </span>
            ))}
          </div>
        </div>
      ))}

      <h2>{t('broadcast.live.latest')}</h2>
      {data.latest.length === 0 && <div className="live-card live-muted">{t('broadcast.live.none')}</div>}
      {data.latest.map((record) => (
        <div className="live-card" key={record.uuid} data-testid="live-latest">
          <div className="live-seats">
            {record.players.map((p) => (
              <span key={p.place}>
                {t('broadcast.live.place', { n: p.place })} {p.nickname}{' '}
                <span className="num">{points(p.score)}</span>
              </span>
            ))}
          </div>
        </div>
      ))}
    </div>
  );
}
