import SearchOutlined from '@ant-design/icons/SearchOutlined';
import { PublicContestState, textFor } from '@taikai/protocol';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import Button from 'antd/es/button';
import Card from 'antd/es/card';
import Input from 'antd/es/input';
import Pagination from 'antd/es/pagination';
import Segmented from 'antd/es/segmented';
import Skeleton from 'antd/es/skeleton';
import Tag from 'antd/es/tag';
import Typography from 'antd/es/typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { LoadFailedAlert } from '../../components/LoadFailedAlert';
import { formatMinute } from '../../components/time';
import { currentLanguage } from '../../i18n';
import { fetchPublicContestList, type ListedContest, portalKeys } from './api';
import { SIGNUP_STATE_TAG } from './tags';

/** Tournaments per page of the list. */
const PAGE_SIZE = 10;

/** The state filter: 0 all, else a `PublicContestState`. */
const STATES = [
  { value: 0, key: 'portal.list.all' },
  { value: PublicContestState.NOT_STARTED, key: 'portal.list.notStarted' },
  { value: PublicContestState.RUNNING, key: 'portal.list.running' },
  { value: PublicContestState.ENDED, key: 'portal.list.ended' },
] as const;

const STATE_TAG: Record<number, { key: string; color: string }> = {
  [PublicContestState.NOT_STARTED]: { key: 'portal.list.notStarted', color: 'blue' },
  [PublicContestState.RUNNING]: { key: 'portal.list.running', color: 'green' },
  [PublicContestState.ENDED]: { key: 'portal.list.ended', color: 'default' },
};

/**
 * The public tournament list (tournaments whose organisers turned "show in list" on): search by name or id,
 * filter by state, and a sign-up button that opens the tournament's page, where the player signs up.
 */
export function PublicContestList() {
  const { t } = useTranslation();
  const [typed, setTyped] = useState('');
  const [search, setSearch] = useState('');
  const [state, setState] = useState<number>(0);
  const [page, setPage] = useState(1);
  const offset = (page - 1) * PAGE_SIZE;
  const list = useQuery({
    queryKey: portalKeys.publicList(search, state, offset, PAGE_SIZE),
    queryFn: () =>
      fetchPublicContestList(
        { ...(search ? { search } : {}), ...(state ? { state } : {}), offset, limit: PAGE_SIZE },
        { silent: true },
      ),
    placeholderData: keepPreviousData,
    refetchOnWindowFocus: 'always',
  });
  const filtered = search !== '' || state !== 0;

  return (
    <Card className="play-card" data-testid="play-public-list">
      <div className="play-season-head">
        <Typography.Title level={5} className="play-title" style={{ margin: 0 }}>
          {t('portal.list.title')}
        </Typography.Title>
        {list.data && (
          <Typography.Text type="secondary" data-testid="play-public-total">
            {t('portal.list.total', { count: list.data.total })}
          </Typography.Text>
        )}
      </div>
      <div className="play-stack" style={{ marginTop: 12 }}>
        <Input.Search
          data-testid="play-public-search"
          allowClear
          enterButton={<SearchOutlined aria-label={t('portal.list.search')} />}
          placeholder={t('portal.list.search')}
          aria-label={t('portal.list.search')}
          maxLength={50}
          value={typed}
          onChange={(e) => {
            setTyped(e.target.value);
            // Cleared: the whole list again.
            if (!e.target.value) {
              setSearch('');
              setPage(1);
            }
          }}
          onSearch={(value) => {
            setSearch(value.trim());
            setPage(1);
          }}
        />
        <Segmented<number>
          block
          data-testid="play-public-state"
          value={state}
          onChange={(value) => {
            setState(value);
            setPage(1);
          }}
          options={STATES.map(({ value, key }) => ({
            value,
            label: <span data-testid={`play-public-state-${value}`}>{t(key)}</span>,
          }))}
        />
        <div className="play-list" data-testid="play-public-rows" aria-busy={list.isFetching}>
          {list.isError && !list.data ? (
            <LoadFailedAlert retrying={list.isFetching} onRetry={() => void list.refetch()} />
          ) : !list.data ? (
            <Skeleton active paragraph={{ rows: 3 }} data-testid="play-public-loading" />
          ) : list.data.list.length === 0 ? (
            <div className="play-empty" data-testid="play-public-empty">
              <span>{t(filtered ? 'portal.list.empty' : 'portal.list.emptyAll')}</span>
            </div>
          ) : (
            list.data.list.map((contest) => <ListedRow key={contest.unique_id} contest={contest} />)
          )}
        </div>
        {list.data && list.data.total > PAGE_SIZE && (
          <Pagination
            size="small"
            align="center"
            data-testid="play-public-pages"
            current={page}
            pageSize={PAGE_SIZE}
            total={list.data.total}
            showSizeChanger={false}
            onChange={setPage}
          />
        )}
      </div>
    </Card>
  );
}

/** A listed tournament: name, id, dates, state, the player's sign-up, and the way in. */
function ListedRow({ contest }: { contest: ListedContest }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const name =
    textFor(contest.contest_name, currentLanguage()) || t('play.tournamentId', { id: contest.contest_id });
  const state = STATE_TAG[contest.state];
  const signup = SIGNUP_STATE_TAG[contest.signup_state];
  // Not signed up to a tournament not over yet: sign up there; else open it.
  const canSignUp = contest.signup_state === 0 && contest.state !== PublicContestState.ENDED;
  const open = () => navigate(`/play/${contest.contest_id}`);
  return (
    <div className="play-list-row" data-testid="play-public-row" data-contest-id={contest.contest_id}>
      <span className="play-list-main">
        <strong className="play-list-title">{name}</strong>
        <span className="play-list-sub">
          {t('play.tournamentId', { id: contest.contest_id })} ·{' '}
          <span className="play-time">{formatMinute(contest.start_time)}</span> ~{' '}
          <span className="play-time">{formatMinute(contest.end_time)}</span>
        </span>
        <span className="play-list-tags">
          {state && (
            <Tag color={state.color} data-testid="play-public-row-state" data-state={contest.state}>
              {t(state.key)}
            </Tag>
          )}
          {signup && (
            <Tag color={signup.color} data-testid="play-public-row-signup" data-state={contest.signup_state}>
              {t(signup.key)}
            </Tag>
          )}
        </span>
      </span>
      <Button
        type={canSignUp ? 'primary' : 'default'}
        data-testid={canSignUp ? 'play-public-signup' : 'play-public-open'}
        onClick={open}
      >
        {t(canSignUp ? 'portal.list.signup' : 'portal.list.view')}
      </Button>
    </div>
  );
}
