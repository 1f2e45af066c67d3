import ClockCircleOutlined from '@ant-design/icons/ClockCircleOutlined';
import PlayCircleFilled from '@ant-design/icons/PlayCircleFilled';
import RobotOutlined from '@ant-design/icons/RobotOutlined';
import UserOutlined from '@ant-design/icons/UserOutlined';
import { textFor } from '@taikai/protocol';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import Button from 'antd/es/button';
import Card from 'antd/es/card';
import Skeleton from 'antd/es/skeleton';
import Switch from 'antd/es/switch';
import Tag from 'antd/es/tag';
import Typography from 'antd/es/typography';
import { type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { LoadFailedAlert } from '../../../components/LoadFailedAlert';
import { formatMinute } from '../../../components/time';
import { currentLanguage } from '../../../i18n';
import { fetchSeasonLobby, portalKeys, type SeasonLobby } from '../api';
import { type LinkStatus, useLinkMessages, usePlayerLink } from '../link';
import { ChatPanel } from './ChatPanel';
import { lobbyView } from './lobbyView';
import { RankingCard } from './RankingCard';
import { RecentResults } from './RecentResults';
import { RunningGames } from './RunningGames';

type SeasonIds = { uniqueId: number; seasonId: number };

/** How often the lobby is read again while open (a plan made, a game finished). */
const LOBBY_REFRESH_MS = 10_000;

/** A game's table (its page keeps the portal's player link, so the game's messages so far are there). */
const tablePath = (gameUuid: string) => `/play/game/${encodeURIComponent(gameUuid)}`;

/**
 * A season's lobby on the tournament page: to its roster players, the tournament's private notice; for its roster
 * players (and organisers) while it runs, being ready
 * and the chat over the player link; the player's next planned game and the running game they sit at; the
 * season's public ranking when the organiser shows it; the player's recent results; to the tournament's
 * organisers, observers and (when public spectating is on) everyone, the games running, each to watch.
 */
export function LobbySection({ uniqueId, seasonId, contestId }: SeasonIds & { contestId: number }) {
  const { t } = useTranslation();
  const query = useQuery({
    queryKey: portalKeys.lobby(uniqueId, seasonId),
    // The public id too: a tournament hidden from the list is reached with it (or by its invited players).
    queryFn: () =>
      fetchSeasonLobby({ unique_id: uniqueId, season_id: seasonId, contest_id: contestId }, { silent: true }),
    refetchInterval: LOBBY_REFRESH_MS,
    refetchOnWindowFocus: 'always',
  });
  if (query.isError && !query.data)
    return (
      <Card className="play-card" data-testid="play-lobby-failed">
        <LoadFailedAlert retrying={query.isFetching} onRetry={() => void query.refetch()} />
      </Card>
    );
  if (!query.data)
    return (
      <Card className="play-card" data-testid="play-lobby-loading">
        <Skeleton active paragraph={{ rows: 3 }} />
      </Card>
    );
  const lobby = query.data;
  const view = lobbyView(lobby);
  const onRoster = lobby.signup.state === 2;
  // The server sends the private notice to roster players only.
  const privateNotice = textFor(lobby.private_notice, currentLanguage());
  return (
    <>
      {privateNotice && (
        <Card className="play-card" data-testid="play-private-notice-card">
          <Typography.Text strong>{t('portal.lobby.privateNotice')}</Typography.Text>
          <p className="play-notice" data-testid="play-private-notice">
            {privateNotice}
          </p>
        </Card>
      )}
      {view.notice && (
        <Card className="play-card" data-testid="play-lobby-closed" data-notice={view.notice}>
          <div className="play-state play-state-muted">
            <ClockCircleOutlined />
            <span>{t(`portal.lobby.${view.notice}`)}</span>
          </div>
        </Card>
      )}
      {lobby.playing && <PlayingCard gameUuid={lobby.playing.game_uuid} />}
      {view.enter && (
        <LiveLobby ids={{ uniqueId, seasonId }} lobby={lobby} canReady={view.canReady}>
          {onRoster && <NextGameCard lobby={lobby} />}
        </LiveLobby>
      )}
      {lobby.watchable && view.enter && <RunningGames uniqueId={uniqueId} games={lobby.watchable} />}
      {lobby.ranking_shown && <RankingCard uniqueId={uniqueId} seasonId={seasonId} contestId={contestId} />}
      {(onRoster || lobby.recent_results.length > 0) && <RecentResults results={lobby.recent_results} />}
    </>
  );
}

/** The game the player sits at is running: back to its table. */
function PlayingCard({ gameUuid }: { gameUuid: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Card className="play-card play-card-accent" data-testid="play-playing">
      <div className="play-state play-state-success">
        <PlayCircleFilled />
        <span>
          <strong>{t('portal.lobby.playing')}</strong>
          <span className="play-state-sub">{t('portal.lobby.playingHint')}</span>
        </span>
      </div>
      <Button
        block
        type="primary"
        size="large"
        style={{ marginTop: 12 }}
        data-testid="play-back-to-table"
        onClick={() => navigate(tablePath(gameUuid))}
      >
        {t('portal.lobby.backToTable')}
      </Button>
    </Card>
  );
}

/**
 * The live part of the lobby, over the portal's player link: it enters the season's lobby while mounted (and
 * leaves it, ready no more, when the page closes), offers the ready toggle to roster players, shows the chat
 * (after `children`, the next game), and opens the table when a game of the player starts.
 */
function LiveLobby({
  ids,
  lobby,
  canReady,
  children,
}: {
  ids: SeasonIds;
  lobby: SeasonLobby;
  canReady: boolean;
  children?: ReactNode;
}) {
  const { link, status, lobby: entered } = usePlayerLink();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { uniqueId, seasonId } = ids;

  useEffect(() => {
    link.enter(uniqueId, seasonId);
    return () => link.leave();
  }, [link, uniqueId, seasonId]);

  useLinkMessages((message) => {
    if (message.op === 'game_start') {
      void queryClient.invalidateQueries({ queryKey: portalKeys.lobby(uniqueId, seasonId) });
      navigate(tablePath(message.game_uuid));
    }
  });

  const inLobby = entered?.uniqueId === uniqueId && entered.seasonId === seasonId;
  return (
    <>
      {canReady && <ReadyCard status={status} inLobby={inLobby} ready={inLobby && entered.ready} />}
      {children}
      {lobby.chat && <ChatPanel ids={ids} organiser={lobby.organiser} inLobby={inLobby} />}
    </>
  );
}

/** Being ready: a toggle that answers at once, confirmed by the server; only while the page is open. */
function ReadyCard({ status, inLobby, ready }: { status: LinkStatus; inLobby: boolean; ready: boolean }) {
  const { t } = useTranslation();
  const { link } = usePlayerLink();
  const [wanted, setWanted] = useState<boolean | null>(null);

  useLinkMessages((message) => {
    if (message.op === 'ready' || message.op === 'error' || message.op === 'entered') setWanted(null);
  });
  useEffect(() => {
    if (!inLobby) setWanted(null);
  }, [inLobby]);

  const shown = wanted ?? ready;
  const connecting = !inLobby;
  return (
    <Card className="play-card" data-testid="play-ready-card">
      <div className="play-ready">
        <div className="play-ready-text">
          <Typography.Title level={5} style={{ margin: 0 }}>
            {t('portal.lobby.ready')}
          </Typography.Title>
          <span className="play-state-sub" data-testid="play-ready-hint">
            {t(shown ? 'portal.lobby.readyOn' : 'portal.lobby.readyOff')}
          </span>
        </div>
        <Switch
          className="play-ready-switch"
          data-testid="play-ready-switch"
          data-ready={shown ? 'true' : 'false'}
          checked={shown}
          disabled={connecting}
          loading={wanted !== null}
          aria-label={t('portal.lobby.ready')}
          onChange={(value) => {
            setWanted(value);
            link.setReady(value);
          }}
        />
      </div>
      <div className="play-ready-foot">
        <LinkStatusTag status={status} inLobby={inLobby} />
        <span>{t('portal.lobby.readyHint')}</span>
      </div>
    </Card>
  );
}

/** Where the link stands, while it is not simply in the lobby. */
function LinkStatusTag({ status, inLobby }: { status: LinkStatus; inLobby: boolean }) {
  const { t } = useTranslation();
  if (inLobby && status === 'open')
    return (
      <Tag color="green" data-testid="play-link-status" data-status="in-lobby">
        {t('portal.lobby.connected')}
      </Tag>
    );
  const key = status === 'reconnecting' ? 'portal.lobby.reconnecting' : 'portal.lobby.connecting';
  return (
    <Tag
      color={status === 'reconnecting' ? 'orange' : 'default'}
      data-testid="play-link-status"
      data-status={status}
    >
      {t(key)}
    </Tag>
  );
}

/** The player's next planned game: when it starts, until when every seat must be ready, who sits there. */
function NextGameCard({ lobby }: { lobby: SeasonLobby }) {
  const { t } = useTranslation();
  const game = lobby.next_game;
  return (
    <Card className="play-card" data-testid="play-next-game">
      <Typography.Title level={5} style={{ margin: '0 0 8px' }}>
        {t('portal.lobby.nextGame')}
      </Typography.Title>
      {!game ? (
        <div className="play-empty" data-testid="play-next-game-none">
          <span>{t('portal.lobby.noGame')}</span>
        </div>
      ) : (
        <>
          <dl className="play-facts">
            <dt>{t('portal.lobby.startsAt')}</dt>
            <dd data-testid="play-next-game-start">
              <span className="play-time">{formatMinute(game.game_start_time)}</span>
            </dd>
            <dt>{t('portal.lobby.readyBy')}</dt>
            <dd>
              <span className="play-time">{formatMinute(game.expire_time)}</span>
            </dd>
          </dl>
          <ul className="play-seats" data-testid="play-next-game-seats">
            {game.seats.map((seat) => (
              <li key={seat.seat} className={seat.account_id === 0 ? 'play-seat-robot' : undefined}>
                {seat.account_id === 0 ? <RobotOutlined /> : <UserOutlined />}
                <span title={seat.account_id === 0 ? undefined : seat.nickname}>
                  {seat.account_id === 0 ? t('portal.lobby.robot') : seat.nickname}
                </span>
              </li>
            ))}
          </ul>
          <span className="play-state-sub">{t('portal.lobby.nextGameHint')}</span>
        </>
      )}
    </Card>
  );
}
