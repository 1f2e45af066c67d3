import CheckCircleFilled from '@ant-design/icons/CheckCircleFilled';
import ClockCircleFilled from '@ant-design/icons/ClockCircleFilled';
import CloseCircleFilled from '@ant-design/icons/CloseCircleFilled';
import InfoCircleFilled from '@ant-design/icons/InfoCircleFilled';
import ReloadOutlined from '@ant-design/icons/ReloadOutlined';
import SettingOutlined from '@ant-design/icons/SettingOutlined';
import StopOutlined from '@ant-design/icons/StopOutlined';
import { ErrorCode, SignupType, textFor } from '@taikai/protocol';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import App from 'antd/es/app';
import Button from 'antd/es/button';
import Card from 'antd/es/card';
import Result from 'antd/es/result';
import Skeleton from 'antd/es/skeleton';
import Tag from 'antd/es/tag';
import Typography from 'antd/es/typography';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import {
  type ContestPublicInfo,
  cancelContestSeasonSignup,
  fetchContestPublicInfo,
  signupContestSeason,
} from '../../api/calls';
import { ApiError } from '../../api/client';
import { keys, useServerClock } from '../../api/queries';
import { LoadFailedAlert } from '../../components/LoadFailedAlert';
import { formatMinute } from '../../components/time';
import { currentLanguage } from '../../i18n';
import { portalKeys } from './api';
import { LobbySection } from './lobby/LobbySection';
import { PlayIdForm } from './PlayIdForm';
import { type SignupView, signupView } from './signupView';
import { SEASON_STATE_TAG } from './tags';

type PublicSeason = NonNullable<ContestPublicInfo['season']>;

const SIGNUP_TYPE_KEY: Record<number, string> = {
  [SignupType.AUTO]: 'play.signupTypes.auto',
  [SignupType.CHECK]: 'play.signupTypes.check',
  [SignupType.CLOSE]: 'play.signupTypes.close',
};

/** The contest id of the address, or null when it is not one. */
function routeContestId(raw: string): number | null {
  if (!/^\d{1,15}$/.test(raw)) return null;
  const id = Number(raw);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}

/**
 * A tournament as its players see it (`/play/{contest_id}`): name and public notice in the player's
 * language, the current season, the player's sign-up with what they may do next, and the season's lobby
 * (ready, chat, next game, ranking, recent results).
 */
export default function PlayPage() {
  const { t } = useTranslation();
  const { contestId: raw = '' } = useParams();
  const contestId = routeContestId(raw);
  const info = useQuery({
    queryKey: keys.publicContest(contestId ?? 0),
    queryFn: () => fetchContestPublicInfo(contestId ?? 0, { silent: true }),
    enabled: contestId !== null,
    retry: false,
    // The player may have signed up elsewhere or been reviewed meanwhile.
    refetchOnWindowFocus: 'always',
  });

  const notFound =
    contestId === null || (info.error instanceof ApiError && info.error.code === ErrorCode.CONTEST_NOT_FOUND);
  if (notFound) return <NotFound id={raw} />;
  if (info.isError)
    return (
      <Card className="play-card" data-testid="play-load-failed">
        <LoadFailedAlert retrying={info.isFetching} onRetry={() => void info.refetch()} />
      </Card>
    );
  if (!info.data)
    return (
      <Card className="play-card" data-testid="play-loading">
        <Skeleton active paragraph={{ rows: 6 }} />
      </Card>
    );

  const contest = info.data;
  const lang = currentLanguage();
  const name = textFor(contest.contest_name, lang) || t('play.tournamentId', { id: contest.contest_id });
  const notice = textFor(contest.public_notice, lang);

  return (
    <div className="play-stack play-lobby-grid" data-testid="play-page">
      <Card className="play-card">
        <div className="play-stack">
          <div>
            <span className="play-contest-id" data-testid="play-contest-id">
              {t('play.tournamentId', { id: contest.contest_id })}
            </span>
            <Typography.Title level={3} className="play-title" data-testid="play-contest-name">
              {name}
            </Typography.Title>
            <Typography.Text type="secondary">
              <TimeRange start={contest.start_time} end={contest.finish_time} />
            </Typography.Text>
          </div>
          {notice && (
            <div>
              <Typography.Text strong>{t('play.notice')}</Typography.Text>
              <p className="play-notice" data-testid="play-notice">
                {notice}
              </p>
            </div>
          )}
          {contest.is_manager && (
            <div className="play-state play-state-muted" data-testid="play-organiser">
              <SettingOutlined />
              <span>
                {t('play.organiserHint')}{' '}
                <Link to={`/contest/${contest.contest_id}`} data-testid="play-console-link">
                  {t('play.organiserLink')}
                </Link>
              </span>
            </div>
          )}
        </div>
      </Card>
      <SeasonCard contest={contest} refreshing={info.isFetching} onRefresh={() => void info.refetch()} />
      {contest.season && (
        <LobbySection
          uniqueId={contest.unique_id}
          seasonId={contest.season.season_id}
          contestId={contest.contest_id}
        />
      )}
    </div>
  );
}

/** A time range that wraps only between its two ends. */
function TimeRange({ start, end }: { start: number; end: number }) {
  return (
    <>
      <span className="play-time">{formatMinute(start)}</span> ~{' '}
      <span className="play-time">{formatMinute(end)}</span>
    </>
  );
}

function NotFound({ id }: { id: string }) {
  const { t } = useTranslation();
  return (
    <Card className="play-card" data-testid="play-not-found">
      <Result
        status="warning"
        title={t('play.notFoundTitle')}
        subTitle={t('play.notFoundHint', { id })}
        style={{ padding: '16px 0' }}
      />
      <PlayIdForm />
    </Card>
  );
}

function SeasonCard({
  contest,
  refreshing,
  onRefresh,
}: {
  contest: ContestPublicInfo;
  refreshing: boolean;
  onRefresh: () => void;
}) {
  const { t } = useTranslation();
  const clock = useServerClock();
  const now = Date.now() / 1000 + (clock.data?.offset ?? 0);
  const season = contest.season;
  const view = signupView(season, contest.signup, now);
  const refresh = (
    <Button
      type="text"
      size="small"
      icon={<ReloadOutlined />}
      loading={refreshing}
      onClick={onRefresh}
      data-testid="play-refresh"
      aria-label={t('common.refresh')}
    />
  );

  if (!season) {
    return (
      <Card className="play-card" data-testid="play-season">
        <div className="play-season-head">
          <Typography.Title level={5} style={{ margin: 0 }}>
            {t('play.noSeason')}
          </Typography.Title>
          {refresh}
        </div>
        <SignupArea contest={contest} season={null} view={view} />
      </Card>
    );
  }

  const state = SEASON_STATE_TAG[season.state];
  return (
    <Card className="play-card" data-testid="play-season">
      <div className="play-season-head">
        <Typography.Title level={5} style={{ margin: 0 }}>
          {t('play.season', { id: season.season_id })}{' '}
          {state && (
            <Tag color={state.color} data-testid="play-season-state" style={{ marginInlineStart: 6 }}>
              {t(state.key)}
            </Tag>
          )}
        </Typography.Title>
        {refresh}
      </div>
      <dl className="play-facts">
        <dt>{t('play.dates')}</dt>
        <dd>
          <TimeRange start={season.start_time} end={season.end_time} />
        </dd>
        <dt>{t('play.signupType')}</dt>
        <dd data-testid="play-signup-type">
          {SIGNUP_TYPE_KEY[season.signup_type] ? t(SIGNUP_TYPE_KEY[season.signup_type]) : '—'}
        </dd>
        {season.signup_type === SignupType.CHECK && (
          <>
            <dt>{t('play.signupWindow')}</dt>
            <dd data-testid="play-signup-window">
              <TimeRange start={season.signup_start_time} end={season.signup_end_time} />
            </dd>
          </>
        )}
        <dt>{t('play.players')}</dt>
        <dd data-testid="play-players">
          {season.max_player_count > 0
            ? t('play.playersOf', { count: season.player_count, max: season.max_player_count })
            : season.player_count}
        </dd>
      </dl>
      <SignupArea contest={contest} season={season} view={view} />
    </Card>
  );
}

/** The player's sign-up: where they stand, and the one thing they may do next. */
function SignupArea({
  contest,
  season,
  view,
}: {
  contest: ContestPublicInfo;
  season: PublicSeason | null;
  view: SignupView;
}) {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const key = keys.publicContest(contest.contest_id);

  const settle = async (signup: ContestPublicInfo['signup']) => {
    queryClient.setQueryData<ContestPublicInfo>(key, (old) => (old ? { ...old, signup } : old));
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: key }),
      queryClient.invalidateQueries({ queryKey: portalKeys.myContests }),
      season
        ? queryClient.invalidateQueries({ queryKey: portalKeys.lobby(contest.unique_id, season.season_id) })
        : undefined,
    ]);
  };

  const signUp = async () => {
    if (!season) return;
    setBusy(true);
    try {
      const signup = await signupContestSeason({
        unique_id: contest.unique_id,
        season_id: season.season_id,
        contest_id: contest.contest_id,
      });
      void message.success(t(signup.state === 2 ? 'play.joined' : 'play.submitted'));
      await settle(signup);
    } catch {
      // The client showed the refusal; the page shows the season as it now is.
      await queryClient.invalidateQueries({ queryKey: key });
    } finally {
      setBusy(false);
    }
  };

  const withdraw = () =>
    modal.confirm({
      title: t('play.withdrawConfirm'),
      content: t('play.withdrawHint'),
      okText: t('play.withdraw'),
      okButtonProps: { danger: true, 'data-testid': 'play-withdraw-confirm' },
      cancelText: t('common.cancel'),
      onOk: async () => {
        if (!season) return;
        try {
          const signup = await cancelContestSeasonSignup({
            unique_id: contest.unique_id,
            season_id: season.season_id,
            contest_id: contest.contest_id,
          });
          void message.success(t('play.withdrawn'));
          await settle(signup);
        } catch {
          await queryClient.invalidateQueries({ queryKey: key });
        }
      },
    });

  const signedUpAt =
    contest.signup.create_time > 0
      ? t('play.signedUpAt', { time: formatMinute(contest.signup.create_time) })
      : '';

  let box: ReactNode;
  let action: ReactNode = null;
  switch (view.kind) {
    case 'accepted':
      box = (
        <StateBox
          tone="success"
          icon={<CheckCircleFilled />}
          title={t('play.state.accepted')}
          sub={t('play.state.acceptedHint')}
        />
      );
      break;
    case 'pending':
      box = (
        <StateBox
          tone="waiting"
          icon={<ClockCircleFilled />}
          title={t('play.state.pending')}
          sub={[t('play.state.pendingHint'), signedUpAt].filter(Boolean).join(' · ')}
        />
      );
      if (view.canWithdraw)
        action = (
          <Button block danger data-testid="play-withdraw" onClick={withdraw}>
            {t('play.withdraw')}
          </Button>
        );
      break;
    case 'open':
      box = view.rejected ? (
        <StateBox
          tone="error"
          icon={<CloseCircleFilled />}
          title={t('play.state.rejected')}
          sub={t('play.state.rejectedAgain')}
        />
      ) : (
        <StateBox
          tone="muted"
          icon={<InfoCircleFilled />}
          title={t('play.state.open')}
          sub={t(season?.signup_type === SignupType.CHECK ? 'play.state.openCheck' : 'play.state.openAuto')}
        />
      );
      action = (
        <Button
          block
          type="primary"
          data-testid="play-signup-button"
          loading={busy}
          onClick={() => void signUp()}
        >
          {t('play.signup')}
        </Button>
      );
      break;
    case 'blocked': {
      const reason = t(`play.blocked.${view.reason}`, {
        time: formatMinute(
          view.reason === 'notYet' ? (season?.signup_start_time ?? 0) : (season?.signup_end_time ?? 0),
        ),
      });
      box = view.rejected ? (
        <StateBox tone="error" icon={<CloseCircleFilled />} title={t('play.state.rejected')} sub={reason} />
      ) : (
        <StateBox tone="muted" icon={<StopOutlined />} title={reason} />
      );
      if (season)
        action = (
          <Button block disabled data-testid="play-signup-button">
            {t('play.signup')}
          </Button>
        );
      break;
    }
  }

  const state =
    view.kind === 'blocked'
      ? `blocked-${view.reason}`
      : view.kind === 'open' && view.rejected
        ? 'rejected'
        : view.kind;
  return (
    <div className="play-signup" data-testid="play-signup">
      <div data-testid="play-state" data-state={state}>
        {box}
      </div>
      {action}
    </div>
  );
}

function StateBox({
  tone,
  icon,
  title,
  sub,
}: {
  tone: 'success' | 'waiting' | 'muted' | 'error';
  icon: ReactNode;
  title: string;
  sub?: string;
}) {
  return (
    <div className={`play-state play-state-${tone}`}>
      {icon}
      <span>
        <strong>{title}</strong>
        {sub && <span className="play-state-sub">{sub}</span>}
      </span>
    </div>
  );
}
