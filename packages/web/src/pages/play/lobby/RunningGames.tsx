import EyeOutlined from '@ant-design/icons/EyeOutlined';
import Card from 'antd/es/card';
import Typography from 'antd/es/typography';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { robotNumbers } from '../../../components/robots';
import type { SeasonLobby } from '../api';
import { watchPath } from '../watch/watchPath';

type Watchable = NonNullable<SeasonLobby['watchable']>;

/**
 * The season's games running now, each with the way to watch it (for those who may watch the tournament's
 * games; read again with the lobby): the seats by name and the hand in progress.
 */
export function RunningGames({ uniqueId, games }: { uniqueId: number; games: Watchable }) {
  const { t } = useTranslation();
  return (
    <Card className="play-card" data-testid="play-running">
      <Typography.Title level={5} style={{ margin: 0 }}>
        {t('portal.running.title')}
      </Typography.Title>
      {games.length === 0 ? (
        <div className="play-empty" data-testid="play-running-empty">
          {t('portal.running.empty')}
        </div>
      ) : (
        <ul className="play-results">
          {games.map((g) => {
            const robots = robotNumbers(g.players);
            const names = g.players.map((p, i) =>
              robots[i] ? t('portal.running.robotN', { n: robots[i] }) : (p.nickname ?? ''),
            );
            return (
              <li key={g.game_uuid} data-testid="play-running-game" data-uuid={g.game_uuid}>
                <span className="play-result-main">
                  <span>{names.join(' · ')}</span>
                  <span className="play-time">
                    {t('portal.running.hand', {
                      wind: t(
                        `portal.running.winds.${['east', 'south', 'west', 'north'][g.chang] ?? 'east'}`,
                      ),
                      hand: g.ju + 1,
                    })}
                  </span>
                </span>
                <Link
                  to={watchPath(uniqueId, g.game_uuid)}
                  className="play-result-replay"
                  data-testid="play-running-watch"
                  aria-label={t('portal.running.watch')}
                >
                  <EyeOutlined /> <span className="play-hide-narrow">{t('portal.running.watch')}</span>
                </Link>
              </li>
            );
          })}
        </ul>
      )}
    </Card>
  );
}
