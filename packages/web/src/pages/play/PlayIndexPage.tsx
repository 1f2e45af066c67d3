import RightOutlined from '@ant-design/icons/RightOutlined';
import SettingOutlined from '@ant-design/icons/SettingOutlined';
import TrophyOutlined from '@ant-design/icons/TrophyOutlined';
import { textFor } from '@taikai/protocol';
import { useQuery } from '@tanstack/react-query';
import Card from 'antd/es/card';
import Skeleton from 'antd/es/skeleton';
import Tag from 'antd/es/tag';
import Typography from 'antd/es/typography';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LoadFailedAlert } from '../../components/LoadFailedAlert';
import { formatMinute } from '../../components/time';
import { currentLanguage } from '../../i18n';
import { fetchMyContests, type MyContest, portalKeys } from './api';
import { PlayIdForm } from './PlayIdForm';
import { PublicContestList } from './PublicContestList';
import { SEASON_STATE_TAG, SIGNUP_STATE_TAG } from './tags';

/**
 * `/play`: the tournaments the player signed up for (newest sign-up first), each opening its page; the public
 * tournament list to find and sign up for others; the form to open one by the id its organiser gave; and the
 * way to the console, to run a tournament of one's own.
 */
export default function PlayIndexPage() {
  const { t } = useTranslation();
  const mine = useQuery({
    queryKey: portalKeys.myContests,
    queryFn: () => fetchMyContests({ silent: true }),
    refetchOnWindowFocus: 'always',
  });

  return (
    <div className="play-stack" data-testid="play-index">
      <Card className="play-card" data-testid="play-my-contests">
        <Typography.Title level={4} className="play-title">
          <TrophyOutlined /> {t('portal.home.title')}
        </Typography.Title>
        <div className="play-list" style={{ marginTop: 12 }}>
          {mine.isError ? (
            <LoadFailedAlert retrying={mine.isFetching} onRetry={() => void mine.refetch()} />
          ) : !mine.data ? (
            <Skeleton active paragraph={{ rows: 3 }} data-testid="play-my-contests-loading" />
          ) : mine.data.list.length === 0 ? (
            <div className="play-empty" data-testid="play-my-contests-empty">
              <strong>{t('portal.home.empty')}</strong>
              <span>{t('portal.home.emptyHint')}</span>
            </div>
          ) : (
            mine.data.list.map((contest) => <ContestRow key={contest.unique_id} contest={contest} />)
          )}
        </div>
      </Card>
      <PublicContestList />
      <Card className="play-card">
        <div className="play-stack">
          <div>
            <Typography.Title level={5} className="play-title">
              {t('play.enterTitle')}
            </Typography.Title>
            <Typography.Paragraph type="secondary" style={{ margin: '8px 0 0' }}>
              {t('play.enterHint')}
            </Typography.Paragraph>
          </div>
          <PlayIdForm />
        </div>
      </Card>
      <Card className="play-card">
        <Link to="/" className="play-list-row" data-testid="play-to-console">
          <SettingOutlined />
          <span className="play-list-main">
            <strong className="play-list-title">{t('portal.home.toConsole')}</strong>
            <span className="play-list-sub">{t('portal.home.toConsoleHint')}</span>
          </span>
          <RightOutlined className="play-list-arrow" />
        </Link>
      </Card>
    </div>
  );
}

function ContestRow({ contest }: { contest: MyContest }) {
  const { t } = useTranslation();
  const name =
    textFor(contest.contest_name, currentLanguage()) || t('play.tournamentId', { id: contest.contest_id });
  const season = SEASON_STATE_TAG[contest.season_state];
  const signup = SIGNUP_STATE_TAG[contest.signup_state];
  return (
    <Link
      to={`/play/${contest.contest_id}`}
      className="play-list-row"
      data-testid="play-my-contest"
      data-contest-id={contest.contest_id}
    >
      <span className="play-list-main">
        <strong className="play-list-title">{name}</strong>
        <span className="play-list-sub">
          {t('play.tournamentId', { id: contest.contest_id })} · {t('play.season', { id: contest.season_id })}
          {' · '}
          <span className="play-time">{formatMinute(contest.start_time)}</span>
        </span>
        <span className="play-list-tags">
          {season && <Tag color={season.color}>{t(season.key)}</Tag>}
          {signup && (
            <Tag color={signup.color} data-testid="play-my-contest-signup" data-state={contest.signup_state}>
              {t(signup.key)}
            </Tag>
          )}
        </span>
      </span>
      <RightOutlined className="play-list-arrow" />
    </Link>
  );
}
