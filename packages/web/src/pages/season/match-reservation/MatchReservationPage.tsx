import RobotOutlined from '@ant-design/icons/RobotOutlined';
import UserOutlined from '@ant-design/icons/UserOutlined';
import {
  DndContext,
  type DragEndEvent,
  DragOverlay,
  type DragStartEvent,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
} from '@dnd-kit/core';
import {
  ErrorCode,
  gameVariantOf,
  LIMITS,
  type PlayerCount,
  playerCountOf,
  SeasonState,
} from '@taikai/protocol';
import { useQueryClient } from '@tanstack/react-query';
import Alert from 'antd/es/alert';
import App from 'antd/es/app';
import Space from 'antd/es/space';
import Tag from 'antd/es/tag';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ApiError } from '../../../api/client';
import { createGamePlan, type ReadyPlayer } from '../../../api/game-calls';
import { gameListKey, keys, useServerClock } from '../../../api/queries';
import { useSeasonEvents } from '../../../api/season-events';
import { LiveStatus } from '../../../components/LiveStatus';
import { rightsOf } from '../../contest/rights';
import { useContestOutlet } from '../../contest/useContestRoute';
import type { SeasonPageProps } from '../pageProps';
import { BatchPanel } from './BatchPanel';
import { LIST_DROP_ID, seatIndexOf } from './dnd';
import { GamesFloat } from './GamesFloat';
import { ManualPanel } from './ManualPanel';
import { type PlanOptions, rememberedAiLevel, startTimeOf } from './options';
import { useGamePlans, useReadyPlayers, useRunningGames } from './queries';
import { playingPlayers, ReadyPlayerList } from './ReadyPlayerList';
import {
  checkTable,
  clearSeat,
  emptySeats,
  firstEmptySeat,
  placeOn,
  planOf,
  pointsEditable,
  ROBOT,
  type Seat,
  type SeatPlayer,
  setPoints,
  shuffleSeats,
  swapSeats,
} from './seats';
import './match-reservation.css';

/** The drag chip of a seat's occupant. */
function seatLabel(seat: Seat | undefined, robot: string): { robot: boolean; name: string } | null {
  if (seat?.kind === 'player') return { robot: false, name: seat.nickname };
  if (seat?.kind === 'robot') return { robot: true, name: robot };
  return null;
}

/** What is being dragged: a ready player from the list, or whoever sits on a seat. */
type Dragged = { player: ReadyPlayer } | { seat: number };

/**
 * Match reservation (spec §2, §4, §5): the ready players, the manual table (drag and drop, robots, search-add,
 * shuffles, points, start options), the batch list, and a floating panel of running and planned games. Live
 * through the season's event stream, polling while it is down. With auto-match on, nothing is planned by hand.
 */
export default function MatchReservationPage({ contest, season }: SeasonPageProps) {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { routeId } = useContestOutlet();
  const clock = useServerClock();
  const uniqueId = contest.unique_id;
  const seasonId = season.season_id;
  const playerCount: PlayerCount = playerCountOf(contest.mode);
  const initPoint = contest.rule.init_point;
  const editablePoints = pointsEditable(gameVariantOf(contest.rule));
  const manageTo = `/contest/${routeId}/season/${seasonId}/match-manage`;

  const { live } = useSeasonEvents(uniqueId, seasonId);
  const ready = useReadyPlayers(uniqueId, seasonId, live);
  const plans = useGamePlans(uniqueId, seasonId, live);
  const running = useRunningGames(uniqueId, seasonId, live);

  const [seats, setSeats] = useState<Seat[]>(() => emptySeats(playerCount, initPoint));
  const [options, setOptions] = useState<PlanOptions>(() => ({
    shuffle: false,
    start: null,
    aiLevel: rememberedAiLevel(),
    remark: '',
  }));
  const [dragged, setDragged] = useState<Dragged | null>(null);
  const [starting, setStarting] = useState(false);

  // A rule change (player count, starting points) sets a new table.
  useEffect(() => setSeats(emptySeats(playerCount, initPoint)), [playerCount, initPoint]);

  const readyIds = useMemo(() => new Set((ready.data ?? []).map((p) => p.account_id)), [ready.data]);
  const seatedIds = useMemo(
    () => new Set(seats.flatMap((s) => (s.kind === 'player' ? [s.account_id] : []))),
    [seats],
  );
  const check = checkTable(seats, initPoint, editablePoints);

  const autoMatch = season.auto_match === 1;
  const blocked = !rightsOf(contest).can('manageGames')
    ? t('matchReservation.readOnly')
    : season.state !== SeasonState.RUNNING
      ? t('matchReservation.notRunning')
      : autoMatch
        ? t('matchReservation.autoMatchBlocked')
        : null;

  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor),
  );

  const seatPlayer = (p: ReadyPlayer | SeatPlayer) =>
    ({ kind: 'player', account_id: p.account_id, nickname: p.nickname, team_name: p.team_name }) as const;

  /** Seats a player on the first empty seat; false (and says so) when the table is full. */
  const seatFirstEmpty = (player: ReadyPlayer | SeatPlayer): boolean => {
    const index = firstEmptySeat(seats);
    if (index < 0) {
      void message.warning(t('matchReservation.tableFull'));
      return false;
    }
    setSeats(placeOn(seats, index, seatPlayer(player)));
    return true;
  };

  const onDragStart = (event: DragStartEvent) => setDragged((event.active.data.current as Dragged) ?? null);
  const onDragEnd = (event: DragEndEvent) => {
    setDragged(null);
    const data = event.active.data.current as Dragged | undefined;
    const overId = event.over?.id;
    if (!data || overId === undefined) return;
    const target = seatIndexOf(overId);
    if ('player' in data) {
      if (target !== null) setSeats((s) => placeOn(s, target, seatPlayer(data.player)));
    } else if (target !== null) {
      setSeats((s) => swapSeats(s, data.seat, target));
    } else if (overId === LIST_DROP_ID) {
      setSeats((s) => clearSeat(s, data.seat));
    }
  };

  const planBody = (accountList: number[]) => {
    const nowUnix = Math.floor(Date.now() / 1000 + (clock.data?.offset ?? 0));
    const start = startTimeOf(options.start, nowUnix);
    return {
      unique_id: uniqueId,
      season_id: seasonId,
      account_list: accountList,
      ...(start !== undefined ? { game_start_time: start } : {}),
      shuffle_seats: options.shuffle,
      ai_level: options.aiLevel,
      remark: options.remark.trim(),
    };
  };

  const afterPlan = () => {
    void queryClient.invalidateQueries({ queryKey: gameListKey(uniqueId, seasonId, 'plans') });
    void queryClient.invalidateQueries({ queryKey: gameListKey(uniqueId, seasonId, 'ready') });
  };
  /** The season's auto-match switch may have been turned on elsewhere: read the season again to show it. */
  const onRefused = (error: unknown) => {
    if (error instanceof ApiError && error.code === ErrorCode.AUTO_MATCH_ON)
      void queryClient.invalidateQueries({ queryKey: keys.contest(uniqueId) });
  };

  const startManual = async () => {
    setStarting(true);
    try {
      await createGamePlan(
        { ...planBody([]), ...planOf(seats, initPoint, editablePoints) },
        { silent: true },
      );
      afterPlan();
      void message.success(t('matchReservation.planned'));
      setSeats(emptySeats(playerCount, initPoint));
      navigate(manageTo);
    } catch (error) {
      onRefused(error);
      modal.confirm({
        title: t('matchReservation.startFailed'),
        content: error instanceof ApiError ? error.message : t('matchReservation.lineFailed'),
        okText: t('matchReservation.toManage'),
        okButtonProps: { 'data-testid': 'start-failed-manage' },
        cancelText: t('matchReservation.close'),
        onOk: () => navigate(manageTo),
      });
    } finally {
      setStarting(false);
    }
  };

  const planLine = async (accountList: number[]) => {
    try {
      await createGamePlan(planBody(accountList), { silent: true });
      afterPlan();
    } catch (error) {
      onRefused(error);
      throw error;
    }
  };

  const overlay: { robot: boolean; name: string } | null =
    dragged === null
      ? null
      : 'player' in dragged
        ? { robot: false, name: dragged.player.nickname }
        : seatLabel(seats[dragged.seat], t('matchReservation.robot'));

  return (
    <div className="reservation-page" data-testid="match-reservation-page">
      <div className="reservation-toolbar">
        <LiveStatus live={live} intervalS={LIMITS.READY_REFRESH_S} testId="reservation-live" />
      </div>
      {autoMatch && (
        <Alert
          type="warning"
          showIcon
          data-testid="auto-match-banner"
          title={t('matchReservation.autoMatchOn')}
          description={t('matchReservation.autoMatchHint')}
          style={{ marginBottom: 12 }}
        />
      )}
      {!autoMatch && blocked !== null && (
        <Alert
          type="info"
          showIcon
          title={blocked}
          style={{ marginBottom: 12 }}
          data-testid="reservation-blocked"
        />
      )}
      <DndContext
        sensors={sensors}
        onDragStart={onDragStart}
        onDragEnd={onDragEnd}
        onDragCancel={() => setDragged(null)}
      >
        <div className="reservation-grid">
          <div className="reservation-side">
            <ReadyPlayerList
              players={ready.data}
              playing={playingPlayers(running.data)}
              loading={ready.isPending}
              failed={ready.isError}
              refreshing={ready.isFetching}
              onRefresh={() => void ready.refetch()}
              seatedIds={seatedIds}
              disabled={blocked !== null}
              onAdd={(p) => void seatFirstEmpty(p)}
            />
            <GamesFloat
              running={running.data}
              plans={plans.data}
              loading={running.isPending || plans.isPending}
              failed={(running.isError && !running.data) || (plans.isError && !plans.data)}
              manageTo={manageTo}
            />
          </div>
          <Space orientation="vertical" size="middle" style={{ width: '100%', minWidth: 0 }}>
            <ManualPanel
              seats={seats}
              check={check}
              readyIds={readyIds}
              editablePoints={editablePoints}
              options={options}
              onOptions={(patch) => setOptions((o) => ({ ...o, ...patch }))}
              blocked={blocked}
              starting={starting}
              onRobot={(i) => setSeats((s) => placeOn(s, i, ROBOT))}
              onClear={(i) => setSeats((s) => clearSeat(s, i))}
              onPoints={(i, p) => setSeats((s) => setPoints(s, i, p))}
              onSearchAdd={seatFirstEmpty}
              onShuffle={() => setSeats((s) => shuffleSeats(s))}
              onReset={() => setSeats(emptySeats(playerCount, initPoint))}
              onStart={() => void startManual()}
            />
            <BatchPanel playerCount={playerCount} blocked={blocked} onPlan={planLine} />
          </Space>
        </div>
        <DragOverlay dropAnimation={null}>
          {overlay && (
            <Tag
              className="reservation-drag-chip"
              icon={overlay.robot ? <RobotOutlined /> : <UserOutlined />}
            >
              {overlay.name}
            </Tag>
          )}
        </DragOverlay>
      </DndContext>
    </div>
  );
}
