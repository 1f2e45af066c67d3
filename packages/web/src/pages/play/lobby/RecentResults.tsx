import PlaySquareOutlined from '@ant-design/icons/PlaySquareOutlined';
import type { MyResultWire } from '@taikai/protocol';
import Card from 'antd/es/card';
import Typography from 'antd/es/typography';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { z } from 'zod';
import { formatMinute } from '../../../components/time';
import { placeKey, signedScore } from './lobbyView';

type Result = z.infer<typeof MyResultWire>;

/** The player's latest games of the season: place, points, and the way to their replay. */
export function RecentResults({ results }: { results: Result[] }) {
  const { t } = useTranslation();
  return (
    <Card className="play-card" data-testid="play-results">
      <div className="play-season-head">
        <Typography.Title level={5} style={{ margin: 0 }}>
          {t('portal.results.title')}
        </Typography.Title>
        <Link to="/play/records" data-testid="play-results-all">
          {t('portal.results.all')}
        </Link>
      </div>
      {results.length === 0 ? (
        <div className="play-empty" data-testid="play-results-empty">
          {t('portal.results.empty')}
        </div>
      ) : (
        <ul className="play-results">
          {results.map((r) => (
            <li key={r.uuid} data-testid="play-result" data-uuid={r.uuid}>
              <span className={`play-place play-place-${r.rank}`}>{t(placeKey(r.rank))}</span>
              <span className="play-result-main">
                <span className="play-result-points">
                  {t('portal.results.score', { score: signedScore(r.total_point) })}
                  <span className="play-result-raw">
                    {t('portal.results.points', { points: r.part_point })}
                  </span>
                </span>
                <span className="play-time play-result-time">{formatMinute(r.end_time)}</span>
              </span>
              <Link
                to={`/play/replay/${r.uuid}`}
                className="play-result-replay"
                data-testid="play-result-replay"
                aria-label={t('portal.results.replay')}
              >
                <PlaySquareOutlined /> <span className="play-hide-narrow">{t('portal.results.replay')}</span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
