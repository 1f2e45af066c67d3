import { useQuery } from '@tanstack/react-query';
import Button from 'antd/es/button';
import Card from 'antd/es/card';
import Skeleton from 'antd/es/skeleton';
import Typography from 'antd/es/typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadFailedAlert } from '../../../components/LoadFailedAlert';
import { fetchSeasonPublicRank, type PublicRank, portalKeys } from '../api';
import { signedScore } from './lobbyView';

type Row = PublicRank['list'][number];

/** Rows shown first, and added by "show more". */
const PAGE = 20;

/** The season's ranking as the organiser shows it to players, the player's own row marked (and kept in view). */
export function RankingCard({
  uniqueId,
  seasonId,
  contestId,
}: {
  uniqueId: number;
  seasonId: number;
  contestId: number;
}) {
  const { t } = useTranslation();
  const [limit, setLimit] = useState(PAGE);
  const rank = useQuery({
    queryKey: portalKeys.rank(uniqueId, seasonId, limit),
    queryFn: () =>
      fetchSeasonPublicRank(
        { unique_id: uniqueId, season_id: seasonId, contest_id: contestId, offset: 0, limit },
        { silent: true },
      ),
    placeholderData: (previous) => previous,
    refetchInterval: 30_000,
  });
  const data = rank.data;
  const meListed = data?.me && data.list.some((r) => r.account_id === data.me?.account_id);
  return (
    <Card className="play-card" data-testid="play-ranking">
      <Typography.Title level={5} style={{ margin: '0 0 8px' }}>
        {t('portal.ranking.title')}
      </Typography.Title>
      {rank.isError && !data ? (
        <LoadFailedAlert retrying={rank.isFetching} onRetry={() => void rank.refetch()} />
      ) : !data ? (
        <Skeleton active paragraph={{ rows: 4 }} />
      ) : data.list.length === 0 ? (
        <div className="play-empty" data-testid="play-ranking-empty">
          {t('portal.ranking.empty')}
        </div>
      ) : (
        <>
          <ol className="play-rank" data-testid="play-ranking-list">
            <li className="play-rank-head" aria-hidden>
              <span>{t('portal.ranking.rank')}</span>
              <span>{t('portal.ranking.player')}</span>
              <span>{t('portal.ranking.score')}</span>
              <span>{t('portal.ranking.games')}</span>
            </li>
            {data.list.map((row) => (
              <RankLine key={row.account_id} row={row} mine={row.account_id === data.me?.account_id} />
            ))}
            {data.me && !meListed && (
              <>
                <li className="play-rank-gap" aria-hidden>
                  …
                </li>
                <RankLine row={data.me} mine />
              </>
            )}
          </ol>
          {data.total > data.list.length && limit < 100 && (
            <Button
              block
              type="link"
              loading={rank.isFetching}
              onClick={() => setLimit((l) => Math.min(l + PAGE, 100))}
              data-testid="play-ranking-more"
            >
              {t('portal.ranking.more', { count: data.total })}
            </Button>
          )}
        </>
      )}
    </Card>
  );
}

function RankLine({ row, mine }: { row: Row; mine: boolean }) {
  const { t } = useTranslation();
  return (
    <li
      className={mine ? 'play-rank-row play-rank-mine' : 'play-rank-row'}
      data-testid="play-ranking-row"
      data-account-id={row.account_id}
    >
      <span className="play-rank-place">{row.rank}</span>
      <span className="play-rank-name" title={row.nickname}>
        {row.nickname}
        {mine && <span className="play-rank-you">{t('portal.ranking.you')}</span>}
        {!row.qualified && <span className="play-rank-short">{t('portal.ranking.short')}</span>}
      </span>
      <span className="play-rank-score">{signedScore(row.score)}</span>
      <span className="play-rank-games">{row.game_count}</span>
    </li>
  );
}
