import PlusOutlined from '@ant-design/icons/PlusOutlined';
import { useDraggable, useDroppable } from '@dnd-kit/core';
import Button from 'antd/es/button';
import Card from 'antd/es/card';
import Empty from 'antd/es/empty';
import Input from 'antd/es/input';
import Space from 'antd/es/space';
import Spin from 'antd/es/spin';
import Tag from 'antd/es/tag';
import Tooltip from 'antd/es/tooltip';
import Typography from 'antd/es/typography';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ReadyPlayer } from '../../../api/game-calls';
import { LoadFailedAlert } from '../../../components/LoadFailedAlert';
import { publicIdOf } from '../../../components/players/accounts';
import { RefreshUpdateBar } from '../../../components/RefreshUpdateBar';
import { LIST_DROP_ID, playerDragId } from './dnd';

/** True when the player matches what was typed: public id, or part of the nickname, remark or team (any case). */
export function matchesReady(player: ReadyPlayer, typed: string): boolean {
  const text = typed.trim().toLowerCase();
  if (text === '') return true;
  return (
    String(publicIdOf(player.account_id)) === text ||
    [player.nickname, player.remark, player.team_name].some((s) => s.toLowerCase().includes(text))
  );
}

function ReadyRow({
  player,
  seated,
  disabled,
  onAdd,
}: {
  player: ReadyPlayer;
  /** Already on a seat of the manual table. */
  seated: boolean;
  disabled: boolean;
  onAdd: () => void;
}) {
  const { t } = useTranslation();
  const busy = player.busy === 1;
  const { attributes, listeners, setNodeRef, isDragging } = useDraggable({
    id: playerDragId(player.account_id),
    data: { player },
    disabled: disabled || busy || seated,
  });
  const state = busy ? (
    <Tooltip title={t('matchReservation.busyHint')}>
      <Tag>{t('matchReservation.busy')}</Tag>
    </Tooltip>
  ) : seated ? (
    <Tag color="blue">{t('matchReservation.onSeat')}</Tag>
  ) : (
    <Tag color="green">{t('matchReservation.ready')}</Tag>
  );
  const draggable = !disabled && !busy && !seated;
  return (
    <div
      ref={setNodeRef}
      {...attributes}
      {...listeners}
      className={`reservation-ready-row${draggable ? ' is-draggable' : ''}${isDragging ? ' is-dragging' : ''}`}
      data-testid={`ready-player-${publicIdOf(player.account_id)}`}
      data-busy={busy ? '1' : '0'}
    >
      <div className="reservation-ready-main">
        <Typography.Text strong ellipsis={{ tooltip: player.nickname }} style={{ maxWidth: 150 }}>
          {player.nickname}
        </Typography.Text>
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {publicIdOf(player.account_id)}
          {player.team_name && ` · ${player.team_name}`}
        </Typography.Text>
        {player.remark && (
          <Typography.Text type="secondary" ellipsis style={{ fontSize: 12, maxWidth: 200 }}>
            {player.remark}
          </Typography.Text>
        )}
      </div>
      <Space size={4}>
        {state}
        <Tooltip title={t('matchReservation.addToSeat')}>
          <Button
            size="small"
            type="text"
            icon={<PlusOutlined />}
            aria-label={t('matchReservation.addToSeat')}
            data-testid={`ready-player-add-${publicIdOf(player.account_id)}`}
            disabled={!draggable}
            // The button must not start a drag (pointer or keyboard).
            onPointerDown={(e) => e.stopPropagation()}
            onKeyDown={(e) => e.stopPropagation()}
            onClick={onAdd}
          />
        </Tooltip>
      </Space>
    </div>
  );
}

/** A player seated in a running game, as the running games list names them. */
export type PlayingPlayer = { account_id: number; nickname?: string };

/** The human players of running games, each once, in game and seat order. */
export function playingPlayers(
  running: readonly { players: readonly PlayingPlayer[] }[] | undefined,
): PlayingPlayer[] {
  const seen = new Map<number, PlayingPlayer>();
  for (const game of running ?? [])
    for (const p of game.players)
      if (p.account_id !== 0 && !seen.has(p.account_id)) seen.set(p.account_id, p);
  return [...seen.values()];
}

/** Players in a running game: not ready (they cannot be planned until it ends), shown apart and greyed. */
function PlayingGroup({ players }: { players: readonly PlayingPlayer[] }) {
  const { t } = useTranslation();
  if (players.length === 0) return null;
  return (
    <div className="reservation-playing" data-testid="ready-playing">
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {t('matchReservation.playingTitle', { count: players.length })}
      </Typography.Text>
      {players.map((p) => (
        <div
          key={p.account_id}
          className="reservation-ready-row is-playing"
          data-testid={`ready-playing-${publicIdOf(p.account_id)}`}
        >
          <div className="reservation-ready-main">
            <Typography.Text type="secondary" ellipsis={{ tooltip: p.nickname }} style={{ maxWidth: 150 }}>
              {p.nickname || publicIdOf(p.account_id)}
            </Typography.Text>
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {publicIdOf(p.account_id)}
            </Typography.Text>
          </div>
          <Tag>{t('matchReservation.playing')}</Tag>
        </div>
      ))}
    </div>
  );
}

/**
 * The season's ready players (spec §2): search, refresh, each one's state (ready, on a seat of this table,
 * or busy in another plan). Ready players are dragged onto seats, or sent to the first empty seat with the +
 * button; the list itself takes a seated player back. Players in a running game are not ready: they follow,
 * greyed, in a group of their own (`playing`, from the running games).
 */
export function ReadyPlayerList({
  players,
  playing = [],
  loading,
  failed,
  refreshing,
  onRefresh,
  seatedIds,
  disabled,
  onAdd,
}: {
  players: readonly ReadyPlayer[] | undefined;
  playing?: readonly PlayingPlayer[];
  loading: boolean;
  failed: boolean;
  refreshing: boolean;
  onRefresh: () => void;
  seatedIds: ReadonlySet<number>;
  disabled: boolean;
  onAdd: (player: ReadyPlayer) => void;
}) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const { setNodeRef, isOver } = useDroppable({ id: LIST_DROP_ID });
  const shown = (players ?? []).filter((p) => matchesReady(p, search));
  const shownPlaying = playing.filter((p) =>
    matchesReady(
      { account_id: p.account_id, nickname: p.nickname ?? '', remark: '', team_name: '', busy: 1 },
      search,
    ),
  );
  const free = (players ?? []).filter((p) => p.busy !== 1).length;

  let body: ReactNode;
  if (failed && !players) body = <LoadFailedAlert retrying={refreshing} onRetry={onRefresh} />;
  else if (loading) body = <Spin style={{ display: 'block', margin: '32px auto' }} />;
  else if (shown.length === 0)
    body = (
      <Empty
        image={Empty.PRESENTED_IMAGE_SIMPLE}
        description={search ? t('matchReservation.noMatch') : t('matchReservation.noReady')}
        data-testid="ready-empty"
      />
    );
  else
    body = shown.map((p) => (
      <ReadyRow
        key={p.account_id}
        player={p}
        seated={seatedIds.has(p.account_id)}
        disabled={disabled}
        onAdd={() => onAdd(p)}
      />
    ));

  return (
    <Card
      size="small"
      data-testid="ready-list"
      title={
        <Space size={6}>
          {t('matchReservation.readyTitle')}
          <Typography.Text type="secondary" style={{ fontWeight: 'normal' }} data-testid="ready-count">
            {t('matchReservation.readyCount', { free, total: players?.length ?? 0 })}
          </Typography.Text>
        </Space>
      }
    >
      <Space orientation="vertical" size="small" style={{ width: '100%' }}>
        <Space.Compact style={{ width: '100%' }}>
          <Input
            allowClear
            value={search}
            onChange={(e) => setSearch(e.target.value)}
            placeholder={t('matchReservation.searchPlaceholder')}
            data-testid="ready-search"
          />
        </Space.Compact>
        <RefreshUpdateBar testId="ready" refreshing={refreshing} onRefresh={onRefresh} />
        <div
          ref={setNodeRef}
          className={`reservation-ready-list${isOver ? ' is-over' : ''}`}
          data-testid="ready-rows"
        >
          {body}
          <PlayingGroup players={shownPlaying} />
        </div>
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {t('matchReservation.dragHint')}
        </Typography.Text>
      </Space>
    </Card>
  );
}
