import { encodeAccountId } from '@taikai/protocol';
import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import type { GameRecord, MarkedGame } from '../../../api/game-calls';
import { formatMinute } from '../../../components/time';
import {
  type CsvWords,
  defaultWindow,
  markedCsvRows,
  markedHand,
  placements,
  recordCsvRows,
  settledScore,
  settledText,
  windowParams,
  yimanOf,
} from './recordView';

const record = (uuid: string, removed = 0): GameRecord => ({
  uuid,
  start_time: 1_700_000_000,
  end_time: 1_700_003_600,
  tag: 'final',
  removed,
  config: { mode: 2, detail_rule: {} },
  accounts: [
    { account_id: 101, nickname: 'Ann', remark: '', team_name: '', seat: 0 },
    { account_id: 0, nickname: 'Bot', remark: '', team_name: '', seat: 1 },
    { account_id: 103, nickname: '=cmd', remark: '', team_name: '', seat: 2 },
    { account_id: 104, nickname: 'Dee', remark: '', team_name: '', seat: 3 },
  ],
  // Placement order: South first, then West, East, North.
  result: {
    players: [
      { seat: 1, part_point_1: 45000, total_point: 65000 },
      { seat: 2, part_point_1: 30000, total_point: 10000 },
      { seat: 0, part_point_1: 20000, total_point: -20000 },
      { seat: 3, part_point_1: 5000, total_point: -55000 },
    ],
  },
  commitment: 'c',
});

const words: CsvWords = {
  wind: (w) => w.toUpperCase(),
  robot: (n) => `Robot ${n}`,
  placeHeader: (place, field) => `${place}:${field}`,
  startTime: 'start',
  endTime: 'end',
  tag: 'tag',
  uuid: 'uuid',
  player: 'player',
  id: 'id',
  yaku: 'yaku',
  yiman: 'yiman',
  round: 'round',
  yimanText: (y) => `y${y}`,
  roundText: (info) => `${info.chang}-${info.ju}-${info.ben}`,
};

describe('record list', () => {
  it('shows the last 7 days by default, sent as start_time/end_time of the end window', () => {
    const now = dayjs('2024-05-10T15:30:00');
    const [from, to] = defaultWindow(now);
    expect(from.format('YYYY-MM-DD HH:mm')).toBe('2024-05-03 00:00');
    expect(to.format('YYYY-MM-DD HH:mm:ss')).toBe('2024-05-10 23:59:59');
    expect(windowParams([from, to])).toEqual({ start_time: from.unix(), end_time: to.unix() });
    expect(windowParams(null)).toEqual({});
  });

  it('players come in placement order with their seat winds; robots have no public id', () => {
    expect(placements(record('a')).map((p) => [p.place, p.wind, p.nickname, p.publicId])).toEqual([
      [1, 'south', 'Bot', ''],
      [2, 'west', '=cmd', String(encodeAccountId(103))],
      [3, 'east', 'Ann', String(encodeAccountId(101))],
      [4, 'north', 'Dee', String(encodeAccountId(104))],
    ]);
    // Robots are numbered among the record's robots in seat order, as the server names them.
    expect(placements(record('a')).map((p) => p.robot)).toEqual([1, null, null, null]);
  });

  it('settled scores are total_point / 1000 with one decimal', () => {
    expect(settledText(65000)).toBe('65.0');
    expect(settledText(-12345)).toBe('-12.3');
    expect(settledText(-20)).toBe('0.0');
    expect([settledScore(-12_345), settledScore(-20), settledScore(65_000)]).toEqual([-12.3, 0, 65]);
  });

  it('a yakuman of 7 is counted (kazoe), others a multiple', () => {
    expect(yimanOf(7)).toEqual({ counted: true });
    expect(yimanOf(2)).toEqual({ counted: false, multiple: 2 });
    expect(markedHand({ chang: 1, ju: 0, ben: 2 })).toEqual({ wind: 'south', hand: 1, ben: 2 });
  });
});

describe('CSV of records', () => {
  it('one row per game, players in placement order, removed records left out', () => {
    const rows = recordCsvRows([record('a'), record('b', 1)], words);
    expect(rows).toHaveLength(2);
    expect(rows[0].slice(0, 9)).toEqual([
      'start',
      'end',
      'tag',
      'uuid',
      '1:nickname',
      '1:id',
      '1:seat',
      '1:points',
      '1:score',
    ]);
    expect(rows[0]).toHaveLength(4 + 4 * 5);
    expect(rows[1].slice(0, 9)).toEqual([
      formatMinute(1_700_000_000),
      formatMinute(1_700_003_600),
      'final',
      'a',
      'Robot 1',
      '',
      'SOUTH',
      45000,
      65,
    ]);
    expect(rows[1].slice(-5)).toEqual(['Dee', String(encodeAccountId(104)), 'NORTH', 5000, -55]);
  });

  it('yakuman rows: time, player, id, yaku, size, hand, game; removed games left out', () => {
    const marked = (removed: number): MarkedGame => ({
      game_uuid: 'g',
      start_time: 1_700_000_000,
      account_id: 101,
      nickname: 'Ann',
      yiman: 7,
      yaku: ['Kazoe', 'Riichi'],
      info: { chang: 0, ju: 2, ben: 1 },
      removed,
    });
    expect(markedCsvRows([marked(0), marked(1)], words)).toEqual([
      ['start', 'player', 'id', 'yaku', 'yiman', 'round', 'uuid'],
      [formatMinute(1_700_000_000), 'Ann', encodeAccountId(101), 'Kazoe Riichi', 'y7', '0-2-1', 'g'],
    ]);
  });
});
