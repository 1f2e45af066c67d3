import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { applySeasonChange } from '../../../api/season-events';
import { type TeamRow, teamKeys } from '../../../api/team-calls';
import { checkScoreChange, scoreChangeDraftOf, teamRankCsvRows, uniqueTeams } from './teamRankView';

const team = (over: Partial<TeamRow>): TeamRow => ({
  team_id: 1,
  name: 'Alpha',
  detail: '',
  member_count: 4,
  total_game_count: 12,
  total_point: 35_400,
  modify_score: -5_000,
  modify_detail: 'late',
  total_score: 30_400,
  rank: 1,
  ...over,
});

describe('team score change as typed (spec §5)', () => {
  it('a value with one decimal is sent ×1000 with its note trimmed', () => {
    expect(checkScoreChange({ score: -12.5, detail: ' penalty ' }).toSend).toEqual({
      modify_score: -12_500,
      modify_detail: 'penalty',
    });
    expect(checkScoreChange({ score: 1_000_000, detail: '' }).toSend).toEqual({
      modify_score: 1_000_000_000,
      modify_detail: '',
    });
  });

  it('beyond ±1000000, more than one decimal, an empty box or a note over 50 keeps OK disabled', () => {
    expect(checkScoreChange({ score: 1_000_000.1, detail: '' })).toMatchObject({
      score: 'range',
      toSend: null,
    });
    expect(checkScoreChange({ score: 1.25, detail: '' })).toMatchObject({ score: 'decimals', toSend: null });
    expect(checkScoreChange({ score: null, detail: '' })).toMatchObject({ score: 'required', toSend: null });
    expect(checkScoreChange({ score: 0, detail: 'x'.repeat(51) })).toMatchObject({
      detailTooLong: true,
      toSend: null,
    });
    expect(checkScoreChange({ score: 0, detail: 'x'.repeat(50) }).toSend).not.toBeNull();
  });

  it('the dialog opens on the team’s current change, shown ÷1000', () => {
    expect(scoreChangeDraftOf(team({}))).toEqual({ score: -5, detail: 'late' });
  });
});

describe('team ranking file', () => {
  it('has one row a team, scores ÷1000 with one decimal', () => {
    const words = {
      rank: 'Rank',
      team: 'Team',
      detail: 'Detail',
      members: 'Members',
      games: 'Games',
      totalPoint: 'Point',
      scoreChange: 'Change',
      changeDetail: 'Note',
      totalScore: 'Score',
    };
    expect(teamRankCsvRows([team({ detail: 'd' })], words)).toEqual([
      ['Rank', 'Team', 'Detail', 'Members', 'Games', 'Point', 'Change', 'Note', 'Score'],
      [1, 'Alpha', 'd', 4, 12, 35.4, -5, 'late', 30.4],
    ]);
  });

  it('a team read twice (the ranking moved between pages) is written once', () => {
    expect(uniqueTeams([team({}), team({ team_id: 2 }), team({})]).map((t) => t.team_id)).toEqual([1, 2]);
  });
});

describe('team ranking cache', () => {
  it('a finished game or a removed record (the season stream’s records change) reads the team ranking again', () => {
    const client = new QueryClient();
    const key = [...teamKeys.rank(7, 3), { offset: 0, limit: 300 }];
    client.setQueryData(key, { list: [], total: 0 });
    applySeasonChange(client, 7, 3, { kind: 'records' });
    expect(client.getQueryState(key)?.isInvalidated).toBe(true);
  });
});
