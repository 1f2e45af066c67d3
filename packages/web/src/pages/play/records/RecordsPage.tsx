import HistoryOutlined from '@ant-design/icons/HistoryOutlined';
import PlaySquareOutlined from '@ant-design/icons/PlaySquareOutlined';
import RobotOutlined from '@ant-design/icons/RobotOutlined';
import { textFor } from '@taikai/protocol';
import { useQuery } from '@tanstack/react-query';
import Card from 'antd/es/card';
import Pagination from 'antd/es/pagination';
import Skeleton from 'antd/es/skeleton';
import Tag from 'antd/es/tag';
import Typography from 'antd/es/typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LoadFailedAlert } from '../../../components/LoadFailedAlert';
import { formatMinute } from '../../../components/time';
import { currentLanguage } from '../../../i18n';
import { fetchMyGameRecords, type MyRecord, portalKeys } from '../api';
import { LevelCard } from '../level/LevelCard';
import { placeKey, signedScore } from '../lobby/lobbyView';

/** Records per page. */
const PAGE_SIZE = 20;

/**
 * `/play/records`: every game the player finished, newest first, across tournaments: where, when, their place
 * and points, who sat at the table, and the replay (`/play/replay/{uuid}`).
 */
export default function RecordsPage() {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const offset = (page - 1) * PAGE_SIZE;
  const records = useQuery({
    queryKey: portalKeys.records(offset, PAGE_SIZE),
    queryFn: () => fetchMyGameRecords({ offset, limit: PAGE_SIZE }, { silent: true }),
    placeholderData: (previous) => previous,
  });
  const data = records.data;

  return (
    <div className="play-stack" data-testid="play-records">
      <Card className="play-card">
        <Typography.Title level={4} className="play-title">
          <HistoryOutlined /> {t('portal.records.title')}
        </Typography.Title>
        {data && data.total > 0 && (
          <Typography.Text type="secondary" data-testid="play-records-total">
            {t('portal.records.total', { count: data.total })}
          </Typography.Text>
        )}
      </Card>
      <LevelCard />
      {records.isError && !data ? (
        <Card className="play-card" data-testid="play-records-failed">
          <LoadFailedAlert retrying={records.isFetching} onRetry={() => void records.refetch()} />
        </Card>
      ) : !data ? (
        <Card className="play-card" data-testid="play-records-loading">
          <Skeleton active paragraph={{ rows: 5 }} />
        </Card>
      ) : data.total === 0 ? (
        <Card className="play-card" data-testid="play-records-empty">
          <div className="play-empty">
            <strong>{t('portal.records.empty')}</strong>
            <span>{t('portal.records.emptyHint')}</span>
          </div>
        </Card>
      ) : (
        <>
          {data.record_list.map((record) => (
            <RecordCard key={record.uuid} record={record} />
          ))}
          {data.total > PAGE_SIZE && (
            <Pagination
              className="play-pagination"
              simple
              current={page}
              pageSize={PAGE_SIZE}
              total={data.total}
              onChange={(next) => {
                setPage(next);
                window.scrollTo({ top: 0 });
              }}
            />
          )}
        </>
      )}
    </div>
  );
}

function RecordCard({ record }: { record: MyRecord }) {
  const { t } = useTranslation();
  const name =
    textFor(record.contest_name, currentLanguage()) || t('play.tournamentId', { id: record.contest_id });
  // Places in the record's placement order.
  const placeOf = new Map(record.result.players.map((p, i) => [p.seat, { place: i + 1, ...p }]));
  return (
    <Card className="play-card play-record" data-testid="play-record" data-uuid={record.uuid}>
      <div className="play-record-head">
        <span className={`play-place play-place-${record.rank}`} data-testid="play-record-place">
          {t(placeKey(record.rank))}
        </span>
        <span className="play-record-main">
          <Link to={`/play/${record.contest_id}`} className="play-record-contest">
            {name}
          </Link>
          <span className="play-list-sub">
            {t('play.season', { id: record.season_id })} ·{' '}
            <span className="play-time">{formatMinute(record.end_time)}</span>
          </span>
        </span>
        <span className="play-record-score">
          <strong>{signedScore(record.total_point)}</strong>
          <span className="play-result-raw">{t('portal.results.points', { points: record.part_point })}</span>
        </span>
      </div>
      <ol className="play-record-seats">
        {[...record.accounts]
          .sort((a, b) => (placeOf.get(a.seat)?.place ?? 9) - (placeOf.get(b.seat)?.place ?? 9))
          .map((seat) => {
            const result = placeOf.get(seat.seat);
            return (
              <li key={seat.seat} className={seat.seat === record.seat ? 'play-record-me' : undefined}>
                <span className="play-record-seat-place">{result?.place}</span>
                <span className="play-record-seat-name" title={seat.nickname}>
                  {seat.account_id === 0 && <RobotOutlined />} {seat.nickname}
                </span>
                <span className="play-record-seat-score">{signedScore(result?.total_point ?? 0)}</span>
              </li>
            );
          })}
      </ol>
      <div className="play-record-foot">
        {record.removed === 1 && (
          <Tag color="default" data-testid="play-record-removed">
            {t('portal.records.removed')}
          </Tag>
        )}
        <Link
          to={`/play/replay/${record.uuid}`}
          className="play-record-replay"
          data-testid="play-record-replay"
        >
          <PlaySquareOutlined /> {t('portal.records.replay')}
        </Link>
      </div>
    </Card>
  );
}
