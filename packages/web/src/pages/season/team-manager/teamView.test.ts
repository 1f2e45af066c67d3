import { encodeAccountId } from '@taikai/protocol';
import { describe, expect, it } from 'vitest';
import type { ImportedRow } from '../../../api/team-calls';
import { teamTextToSend } from '../../../components/teams/TeamTextFields';
import { shortDetail, teamTextCount, teamTextProblem } from '../../../components/teams/teamText';
import { importRowProblems, importWritable, memberFailureKey, teamSearchQuery } from './teamView';

const row = (over: Partial<ImportedRow>): ImportedRow => ({
  row: 2,
  team_name: 'Alpha',
  team_detail: '',
  nickname: 'Tanaka',
  account_id: 12345678,
  remark: '',
  errors: [],
  ...over,
});

describe('team name and description as typed (spec §5)', () => {
  it('a name is required; letters, digits, CJK, Korean and the listed symbols pass', () => {
    expect(teamTextProblem('name', '')).toBe('required');
    expect(teamTextProblem('name', '   ')).toBe('required');
    expect(teamTextProblem('name', 'Riichi_Club#1')).toBeNull();
    expect(teamTextProblem('name', '立直俱乐部')).toBeNull();
    expect(teamTextProblem('name', '리치클럽')).toBeNull();
  });

  it('a space inside, or a character outside the list, is refused with words about characters', () => {
    expect(teamTextProblem('name', 'Riichi Club')).toBe('chars');
    expect(teamTextProblem('name', 'club?')).toBe('chars');
    expect(teamTextProblem('detail', 'good, team')).toBe('chars');
  });

  it('the name counts CJK twice: 7 ideographs or 14 Latin characters, not one more', () => {
    expect(teamTextProblem('name', '一二三四五六七')).toBeNull();
    expect(teamTextProblem('name', '一二三四五六七八')).toBe('tooLong');
    expect(teamTextProblem('name', 'a'.repeat(14))).toBeNull();
    expect(teamTextProblem('name', 'a'.repeat(15))).toBe('tooLong');
    expect(teamTextCount('name', ' 一二a ')).toEqual({ used: 5, max: 14 });
  });

  it('the description is optional and holds 50 weighted', () => {
    expect(teamTextProblem('detail', '')).toBeNull();
    expect(teamTextProblem('detail', '一'.repeat(25))).toBeNull();
    expect(teamTextProblem('detail', '一'.repeat(26))).toBe('tooLong');
    expect(teamTextCount('detail', '')).toEqual({ used: 0, max: 50 });
  });

  it('OK is enabled only with a valid name (and a valid description); text is sent trimmed', () => {
    expect(teamTextToSend({ name: '', detail: '' })).toBeNull();
    expect(teamTextToSend({ name: 'Alpha', detail: 'bad detail' })).toBeNull();
    expect(teamTextToSend({ name: ' Alpha ', detail: ' Strong ' })).toEqual({
      name: 'Alpha',
      detail: 'Strong',
    });
  });

  it('the panels show the first 15 characters of a description, then an ellipsis', () => {
    expect(shortDetail('a'.repeat(15))).toBe('a'.repeat(15));
    expect(shortDetail('一'.repeat(16))).toBe(`${'一'.repeat(15)}…`);
  });
});

describe('team search as typed', () => {
  it('a public id under "team, nickname or id" finds the team of that account by its internal id', () => {
    expect(teamSearchQuery(0, ` ${encodeAccountId(42)} `)).toEqual({ search_type: 0, account_id: 42 });
  });

  it('other text, team names and nicknames are sent as typed (trimmed); an empty box lists every team', () => {
    expect(teamSearchQuery(0, '123')).toEqual({ search_type: 0, search: '123' });
    expect(teamSearchQuery(1, String(encodeAccountId(42)))).toEqual({
      search_type: 1,
      search: String(encodeAccountId(42)),
    });
    expect(teamSearchQuery(2, ' Tana ')).toEqual({ search_type: 2, search: 'Tana' });
    expect(teamSearchQuery(1, '  ')).toEqual({ search_type: 1 });
  });
});

describe('add_member_fail lines', () => {
  it('the four reasons of add_team_member have their own words; other codes use the catalogue', () => {
    expect(memberFailureKey(1002)).toBe('teams.memberFail.accountNotFound');
    expect(memberFailureKey(2580)).toBe('teams.memberFail.inAnotherTeam');
    expect(memberFailureKey(2530)).toBe('teams.memberFail.blacklisted');
    expect(memberFailureKey(2566)).toBe('teams.memberFail.rosterFull');
    expect(memberFailureKey(2517)).toBeNull();
  });
});

describe('import rows in words', () => {
  const keys = (r: ImportedRow) => importRowProblems(r).map((p) => p.key);

  it('a missing team name reads team_name_clear; a name with bad characters says so', () => {
    expect(keys(row({ team_name: '', errors: [2587] }))).toEqual(['teams.import.errors.team_name_clear']);
    expect(keys(row({ team_name: 'a b', errors: [2587] }))).toEqual(['teams.import.errors.team_name_chars']);
  });

  it('2587 on a row whose name passes is its description', () => {
    expect(keys(row({ team_detail: 'has space', errors: [2587] }))).toEqual([
      'teams.import.errors.team_detail_bad',
    ]);
  });

  it('account id 0 reads import_account_0; an id of no account says no account has it', () => {
    expect(keys(row({ account_id: 0, errors: [1002] }))).toEqual(['teams.import.errors.import_account_0']);
    expect(keys(row({ errors: [1002] }))).toEqual(['teams.import.errors.account_not_found']);
  });

  it('over 300 teams reads team_count_300; every code of the schema has words, in the server order', () => {
    expect(keys(row({ errors: [2576, 2586, 2530, 2580, 2545, 2554] }))).toEqual([
      'teams.import.errors.team_count_300',
      'teams.import.errors.team_name_long',
      'teams.import.errors.blacklisted',
      'teams.import.errors.in_other_team',
      'teams.import.errors.account_twice',
      'teams.import.errors.remark_long',
    ]);
    expect(importRowProblems(row({ errors: [2517] }))).toEqual([{ code: 2517, key: null }]);
  });

  it('"Import" is possible only with rows, none of them with an error', () => {
    expect(importWritable([])).toBe(false);
    expect(importWritable([row({}), row({ row: 3 })])).toBe(true);
    expect(importWritable([row({}), row({ row: 3, errors: [2545] })])).toBe(false);
  });
});
