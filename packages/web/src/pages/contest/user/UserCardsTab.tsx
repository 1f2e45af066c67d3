import Card from 'antd/es/card';
import Empty from 'antd/es/empty';
import Pagination from 'antd/es/pagination';
import Select from 'antd/es/select';
import Space from 'antd/es/space';
import Spin from 'antd/es/spin';
import Typography from 'antd/es/typography';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SeasonPlayer } from '../../../api/calls';
import { LoadFailedAlert } from '../../../components/LoadFailedAlert';
import { PlayerLevels } from '../../../components/levels/PlayerLevels';
import { publicIdOf } from '../../../components/players/accounts';
import { SearchBar } from '../../../components/players/SearchBar';
import { useRoster } from '../../season/user/queries';
import { useContestOutlet } from '../useContestRoute';
import { CARD_PAGE_SIZE, latestSeasonId, seasonsNewestFirst } from './cardView';
import { type CardPlayer, PlayerCardModal } from './PlayerCardModal';
import './user-cards.css';

/**
 * The tournament's player cards (spec §2 user card page): a season (the latest by default), a search by nickname
 * or public id, and the season's players as cards, 20 a page in five columns; a card opens the player's statistics.
 */
export default function UserCardsTab() {
  const { t } = useTranslation();
  const { contest } = useContestOutlet();
  const seasons = seasonsNewestFirst(contest.season_list);
  const [chosen, setChosen] = useState<number | null>(null);
  const seasonId = chosen ?? latestSeasonId(seasons);
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const [open, setOpen] = useState<CardPlayer | null>(null);

  if (seasonId === null) {
    return (
      <Card data-testid="user-cards">
        <Empty data-testid="user-cards-no-season" description={t('userCards.noSeason')} />
      </Card>
    );
  }

  const seasonSelect = (
    <Space>
      <Typography.Text>{t('userCards.season')}</Typography.Text>
      <Select
        data-testid="user-cards-season"
        value={seasonId}
        onChange={(id) => {
          setChosen(id);
          setPage(1);
        }}
        style={{ width: 200 }}
        options={seasons.map((s) => ({
          value: s.season_id,
          label: t('seasons.seasonNo', { id: s.season_id }),
        }))}
      />
    </Space>
  );

  return (
    <Card data-testid="user-cards">
      <CardList
        uniqueId={contest.unique_id}
        seasonId={seasonId}
        search={search}
        page={page}
        toolbar={seasonSelect}
        onSearch={(text) => {
          setSearch(text);
          setPage(1);
        }}
        onPage={setPage}
        onOpen={setOpen}
      />
      <PlayerCardModal contest={contest} player={open} seasonId={seasonId} onClose={() => setOpen(null)} />
    </Card>
  );
}

/** The toolbar (season, search, refresh), then the cards of one page with the pager. */
function CardList({
  uniqueId,
  seasonId,
  search,
  page,
  toolbar,
  onSearch,
  onPage,
  onOpen,
}: {
  uniqueId: number;
  seasonId: number;
  search: string;
  page: number;
  toolbar: ReactNode;
  onSearch: (text: string) => void;
  onPage: (page: number) => void;
  onOpen: (player: CardPlayer) => void;
}) {
  const { t } = useTranslation();
  const roster = useRoster(uniqueId, seasonId, { search, page, pageSize: CARD_PAGE_SIZE });
  const players = roster.data?.list ?? [];
  const total = roster.data?.total ?? 0;

  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }}>
      <Space wrap size="large">
        {toolbar}
        <SearchBar
          testId="user-cards"
          onSearch={onSearch}
          refreshing={roster.isFetching}
          onRefresh={() => void roster.refetch()}
        />
      </Space>
      <div className="user-cards-body">
        {roster.isError ? (
          <LoadFailedAlert retrying={roster.isFetching} onRetry={() => void roster.refetch()} />
        ) : roster.isPending ? (
          <div className="user-cards-loading">
            <Spin />
          </div>
        ) : players.length === 0 ? (
          <Empty
            data-testid="user-cards-empty"
            description={search ? t('players.noMatch', { search }) : t('userCards.empty')}
          />
        ) : (
          <Spin spinning={roster.isFetching && roster.isPlaceholderData}>
            <div className="user-cards-grid" data-testid="user-cards-grid">
              {players.map((p) => (
                <PlayerCard key={p.account_id} player={p} onOpen={() => onOpen(p)} />
              ))}
            </div>
            <Pagination
              className="user-cards-pager"
              current={page}
              pageSize={CARD_PAGE_SIZE}
              total={total}
              showSizeChanger={false}
              showTotal={(count) => t('players.total', { count })}
              onChange={onPage}
            />
          </Spin>
        )}
      </div>
    </Space>
  );
}

function PlayerCard({ player, onOpen }: { player: SeasonPlayer; onOpen: () => void }) {
  const { t } = useTranslation();
  return (
    <Card
      hoverable
      size="small"
      className="user-card"
      data-testid={`user-card-${publicIdOf(player.account_id)}`}
      onClick={onOpen}
      tabIndex={0}
      onKeyDown={(e) => {
        if (e.key === 'Enter' || e.key === ' ') {
          e.preventDefault();
          onOpen();
        }
      }}
    >
      <Typography.Text strong ellipsis={{ tooltip: player.nickname }} className="user-card-name">
        {player.nickname}
      </Typography.Text>
      <Typography.Text type="secondary" ellipsis={{ tooltip: player.remark }} className="user-card-line">
        {player.remark || t('userCards.noRemark')}
      </Typography.Text>
      <div className="user-card-line">ID {publicIdOf(player.account_id)}</div>
      <div className="user-card-line">
        {t('userCards.gameCount', { count: player.account_data.total_game_count })}
      </div>
      <Typography.Text type="secondary" className="user-card-line">
        <PlayerLevels
          level4p={player.level_4p}
          level3p={player.level_3p}
          testId={`user-card-level-${publicIdOf(player.account_id)}`}
        />
      </Typography.Text>
    </Card>
  );
}
