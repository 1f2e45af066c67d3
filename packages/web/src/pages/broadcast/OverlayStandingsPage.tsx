import { useQuery } from '@tanstack/react-query';
import { useParams, useSearchParams } from 'react-router';
import { fetchOverlayStandings, POLL_MS } from './api';
import { langOf, useBroadcastT } from './broadcastLanguage';
import { points, Stage, StageMessage, useTransparentPage } from './overlayParts';

/**
 * `/overlay/standings/<token>`: a season's top N, personal or by team, counting the games that ended the
 * tournament's delay ago; asked again every few seconds. `?lang=` picks the language.
 */
export default function OverlayStandingsPage() {
  useTransparentPage();
  const { token = '' } = useParams();
  const [search] = useSearchParams();
  const t = useBroadcastT(langOf(search.get('lang')));
  const standings = useQuery({
    queryKey: ['overlay', 'standings', token],
    queryFn: () => fetchOverlayStandings(token),
    refetchInterval: POLL_MS,
    retry: false,
  });
  if (!t) return null;
  if (standings.isError)
    return <StageMessage text={t('broadcast.overlay.invalid')} testId="overlay-invalid" />;
  const data = standings.data;
  if (!data) return null;
  return (
    <Stage size={data.size} testId="overlay-standings">
      <div className="overlay-standings overlay-panel">
        <div className="overlay-round">{t('broadcast.overlay.standings')}</div>
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
            {data.list.map((row) => (
              <tr key={`${row.rank}-${row.name}`} data-testid="overlay-standings-row">
                <td className="num">{row.rank}</td>
                <td>{row.name}</td>
                <td className="num">{points(row.score)}</td>
                <td className="num">{row.games}</td>
              </tr>
            ))}
          </tbody>
        </table>
        <div className="overlay-note">{t('broadcast.overlay.delay', { s: data.delay })}</div>
      </div>
    </Stage>
  );
}
