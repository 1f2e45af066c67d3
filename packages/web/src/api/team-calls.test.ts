import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { keys } from './queries';
import { rankingKeys } from './ranking-calls';
import { refreshAfterTeamChange, teamKeys } from './team-calls';

function world() {
  const client = new QueryClient();
  const cached = {
    list: [...teamKeys.list(1, 2), { search_type: 0 }],
    members3: teamKeys.members(1, 2, 3),
    members4: teamKeys.members(1, 2, 4),
    roster: [...keys.seasonPlayers(1, 2), 'roster', {}],
    teamRank: [...teamKeys.rank(1, 2), { offset: 0, limit: 300 }],
    personalRank: [...rankingKeys.rank(1, 2), { offset: 0, limit: 20 }],
    otherSeason: teamKeys.list(1, 9),
  };
  for (const key of Object.values(cached)) client.setQueryData(key, {});
  const invalidated = () =>
    Object.entries(cached)
      .filter(([, key]) => client.getQueryState(key)?.isInvalidated)
      .map(([name]) => name);
  return { client, invalidated };
}

describe('a team change refreshes what shows teams', () => {
  it('teams, members, the roster (team names) and both rankings are read again; other seasons are not', async () => {
    const { client, invalidated } = world();
    await refreshAfterTeamChange(client, 1, 2);
    expect(invalidated()).toEqual(['list', 'members3', 'members4', 'roster', 'teamRank', 'personalRank']);
  });

  it('the member list of a deleted team is not read again (it would be refused)', async () => {
    const { client, invalidated } = world();
    await refreshAfterTeamChange(client, 1, 2, [3]);
    expect(invalidated()).not.toContain('members3');
    expect(invalidated()).toContain('members4');
  });

  it('after every team was deleted no member list is read again', async () => {
    const { client, invalidated } = world();
    await refreshAfterTeamChange(client, 1, 2, 'all');
    expect(invalidated()).toEqual(['list', 'roster', 'teamRank', 'personalRank']);
  });
});
