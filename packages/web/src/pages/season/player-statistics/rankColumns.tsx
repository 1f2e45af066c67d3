import type { ColumnsType } from 'antd/es/table';
import Tag from 'antd/es/tag';
import Typography from 'antd/es/typography';
import type { TFunction } from 'i18next';
import type { CalcRankRow, RankRow } from '../../../api/ranking-calls';
import { publicIdOf } from '../../../components/players/accounts';
import { settledText } from '../record/recordView';
import type { RankCsvWords } from './rankView';

/** A ranked player: nickname, public id, team. */
export function PlayerCell({ row }: { row: { account_id: number; nickname: string; team_name: string } }) {
  return (
    <div>
      <Typography.Text strong>{row.nickname}</Typography.Text>
      {row.team_name && (
        <Tag style={{ marginLeft: 8 }} color="blue">
          {row.team_name}
        </Tag>
      )}
      <br />
      <Typography.Text type="secondary" copyable={{ text: String(publicIdOf(row.account_id)) }}>
        ID {publicIdOf(row.account_id)}
      </Typography.Text>
    </div>
  );
}

type Placed = Pick<RankRow, 'rank_1_count' | 'rank_2_count' | 'rank_3_count' | 'rank_4_count'>;

function placeColumns<T extends Placed>(t: TFunction, fourth: boolean): ColumnsType<T> {
  const keys = ['rank_1_count', 'rank_2_count', 'rank_3_count', 'rank_4_count'] as const;
  return keys.slice(0, fourth ? 4 : 3).map((key, i) => ({
    key,
    title: t('playerStats.place', { place: i + 1 }),
    dataIndex: key,
    align: 'right' as const,
    width: 64,
  }));
}

const head = <
  T extends { rank: number; account_id: number; nickname: string; team_name: string; remark: string },
>(
  t: TFunction,
): ColumnsType<T> => [
  { key: 'rank', title: t('playerStats.rank'), dataIndex: 'rank', width: 72, align: 'center' },
  { key: 'player', title: t('playerStats.player'), render: (_, row) => <PlayerCell row={row} /> },
  {
    key: 'remark',
    title: t('playerStats.remark'),
    dataIndex: 'remark',
    ellipsis: true,
    width: 160,
    render: (remark: string) => remark || <Typography.Text type="secondary">—</Typography.Text>,
  },
];

/**
 * The ranking's columns. A counting rule (recent N, best N consecutive) adds the total of every game and whether
 * the player has the N games the rule needs; `count` is that N, null for "every game counts".
 */
export function rankColumns(t: TFunction, fourth: boolean, count: number | null): ColumnsType<RankRow> {
  return [
    ...head<RankRow>(t),
    {
      key: 'score',
      title: t('playerStats.score'),
      dataIndex: 'score',
      align: 'right',
      width: 100,
      render: (score: number) => <Typography.Text strong>{settledText(score)}</Typography.Text>,
    },
    ...(count === null
      ? []
      : [
          {
            key: 'total',
            title: t('playerStats.total'),
            dataIndex: 'accumulate_point',
            align: 'right' as const,
            width: 100,
            render: (total: number) => settledText(total),
          },
        ]),
    { key: 'games', title: t('playerStats.games'), dataIndex: 'game_count', align: 'right', width: 80 },
    {
      key: 'counted',
      title: t('playerStats.counted'),
      dataIndex: 'counted_count',
      align: 'right',
      width: 80,
    },
    ...placeColumns<RankRow>(t, fourth),
    ...(count === null
      ? []
      : [
          {
            key: 'qualified',
            title: t('playerStats.qualified'),
            dataIndex: 'qualified',
            width: 120,
            render: (qualified: number, row: RankRow) =>
              qualified === 1 ? (
                <Tag color="green">{t('playerStats.qualifiedYes')}</Tag>
              ) : (
                <Tag>{t('playerStats.qualifiedNo', { count: Math.max(1, count - row.game_count) })}</Tag>
              ),
          },
        ]),
  ];
}

/** The calculated ranking's columns. */
export function calcRankColumns(t: TFunction, fourth: boolean): ColumnsType<CalcRankRow> {
  return [
    ...head<CalcRankRow>(t),
    {
      key: 'score',
      title: t('playerStats.calc.score'),
      dataIndex: 'score',
      align: 'right',
      width: 130,
      render: (score: number) => <Typography.Text strong>{settledText(score)}</Typography.Text>,
    },
    {
      key: 'total',
      title: t('playerStats.total'),
      dataIndex: 'total_point',
      align: 'right',
      width: 100,
      render: (total: number) => settledText(total),
    },
    { key: 'games', title: t('playerStats.games'), dataIndex: 'game_count', align: 'right', width: 80 },
    ...placeColumns<CalcRankRow>(t, fourth),
  ];
}

/** The files' column titles in the reader's language. */
export function rankCsvWords(t: TFunction): RankCsvWords {
  return {
    rank: t('playerStats.rank'),
    nickname: t('playerStats.nickname'),
    publicId: t('playerStats.publicId'),
    remark: t('playerStats.remark'),
    score: t('playerStats.score'),
    total: t('playerStats.total'),
    games: t('playerStats.games'),
    counted: t('playerStats.counted'),
    place: (place) => t('playerStats.place', { place }),
    qualified: t('playerStats.qualified'),
    yes: t('playerStats.qualifiedYes'),
    no: t('playerStats.qualifiedCsvNo'),
  };
}
