import { describe, expect, it } from 'vitest';
import * as protocol from './index';

describe('@taikai/protocol entry point', () => {
  it('exports the names every area builds against', () => {
    const names = [
      'LANGS',
      'CONSOLE_LANGS',
      'detailRuleSchema',
      'DEFAULT_RULE_4P',
      'DEFAULT_RULE_3P',
      'DEFAULT_RULE_DORA3',
      'RULE_PRESETS',
      'defaultRuleFor',
      'validateDetailRule',
      'RoundType',
      'playerCountOf',
      'THINKING_PRESETS',
      'SeasonState',
      'ManagerRole',
      'ListType',
      'GameState',
      'Zone',
      'ContestKind',
      'SignupType',
      'SeasonType',
      'RankRule',
      'RobotLevel',
      'SignupPlayerState',
      'encodeAccountId',
      'decodeAccountId',
      'zoneOfAccountId',
      'toThousandths',
      'fromThousandths',
      'LIMITS',
      'ErrorCode',
      'ERROR_CATALOGUE',
      'errorMessages',
      'messageFor',
    ];
    for (const name of names) expect(protocol, name).toHaveProperty(name);
  });

  it('the contract constants have the agreed values', () => {
    expect(protocol.LIMITS).toMatchObject({
      CREATE_COST: 60,
      CREATE_COOLDOWN_S: 604800,
      ADMINS_MAX: 20,
      NAME_MAX: 25,
      SPAN_MAX_DAYS: 365,
      PUBLIC_NOTICE_MAX: 500,
      PRIVATE_NOTICE_MAX: 3000,
      MANAGER_NOTICE_MAX: 2000,
      SEASON_REMARK_MAX: 25,
      SEASON_PLAYER_REMARK_MAX: 100,
      READY_WINDOW_S: 1800,
      PAUSE_MAX_S: 3600,
    });
    expect(protocol.RoundType).toEqual({ EAST_4P: 1, SOUTH_4P: 2, EAST_3P: 11, SOUTH_3P: 12 });
    expect(protocol.CONSOLE_LANGS).toEqual(['chs', 'chs_t', 'jp', 'en', 'kr']);
  });
});
